import type { CompiledQuery, Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

const SLOT = Symbol('blok.fixedQuery.slot');
type Slot = { readonly [SLOT]: number };
const isSlot = (value: unknown): value is Slot => typeof value === 'object' && value !== null && SLOT in value;

interface Compiled {
  query: CompiledQuery;
  /** for each bound parameter: the argument it takes (a number) or the constant the builder put there */
  parameters: Array<{ slot: number } | { value: unknown }>;
}

/**
 * A query of fixed shape, built and compiled by Kysely once per dialect; every call binds its own
 * arguments to the compiled SQL. Kysely builds and compiles each query anew otherwise, which costs
 * more than running a small query on SQLite. Use it for hot queries whose SQL never changes with
 * the arguments: every argument must end up as a bound parameter (a comparison value, not an
 * `in` list, a column name or a limit that changes the SQL); `build` may not inspect them.
 *
 *   const byId = fixedQuery((db, id: string) => db.selectFrom('users').selectAll().where('id', '=', id));
 *   const rows = await byId(executor, userId);
 */
export function fixedQuery<A extends unknown[], R>(
  build: (db: Executor, ...args: A) => { compile(): CompiledQuery<R> },
): (db: Executor, ...args: A) => Promise<R[]> {
  // per dialect adapter: a transaction shares its database's adapter, and so its compiled SQL
  const cache = new WeakMap<object, Compiled>();
  return async (db, ...args) => {
    const adapter = db.getExecutor().adapter;
    let compiled = cache.get(adapter);
    if (!compiled) {
      const slots = args.map((_, i): Slot => ({ [SLOT]: i }));
      const query = build(db, ...(slots as unknown as A)).compile();
      const parameters = query.parameters.map((p) => (isSlot(p) ? { slot: p[SLOT] } : { value: p }));
      const used = new Set(parameters.flatMap((p) => ('slot' in p ? [p.slot] : [])));
      if (used.size !== args.length) throw new Error(`fixedQuery: ${args.length - used.size} argument(s) are not bound parameters of: ${query.sql}`);
      compiled = { query, parameters };
      cache.set(adapter, compiled);
    }
    const parameters = compiled.parameters.map((p) => ('slot' in p ? args[p.slot] : p.value));
    const result = await db.executeQuery<R>({ ...compiled.query, parameters });
    return result.rows;
  };
}
