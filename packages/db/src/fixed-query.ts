import type { CompiledQuery, Kysely, Transaction } from 'kysely';
import { PostgresAdapter } from 'kysely';
import type { Database } from './schema.ts';
import { registerPrepared } from './prepared.ts';

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
      // PostgreSQL runs it as a named prepared statement (prepared.ts)
      if (adapter instanceof PostgresAdapter) registerPrepared(query.sql);
    }
    const parameters = compiled.parameters.map((p) => ('slot' in p ? args[p.slot] : p.value));
    const result = await db.executeQuery<R>({ ...compiled.query, parameters });
    return result.rows;
  };
}

/** What `fixedInListQuery` takes: a builder that compiles, and also executes (for lists past the cap). */
type Buildable<R> = { compile(): CompiledQuery<R>; execute(): Promise<R[]> };

/**
 * A query over an `in` list of values: one fixed query per list length (the SQL has one parameter per
 * value), made on first use, for lists of up to `max` values; a longer list runs the builder itself,
 * so the SQL is always the builder's. `build` gets the list first and may not inspect it or the other
 * arguments (as for fixedQuery). An empty list is the caller's to handle, as with the builder.
 *
 *   const titles = fixedInListQuery(32, (db, ids) => db.selectFrom('subjects').select('title').where('id', 'in', ids));
 *   const rows = await titles(executor, subjectIds);
 */
export function fixedInListQuery<P extends unknown[], R>(
  max: number,
  build: (db: Executor, list: readonly string[], ...args: P) => Buildable<R>,
): (db: Executor, list: readonly string[], ...args: P) => Promise<R[]> {
  const byLength: Array<(db: Executor, ...values: unknown[]) => Promise<R[]>> = [];
  return (db, list, ...args) => {
    const n = list.length;
    if (n > max) return build(db, list, ...args).execute();
    byLength[n] ??= fixedQuery((d: Executor, ...values: unknown[]) => build(d, values.slice(0, n) as string[], ...(values.slice(n) as P)));
    return byLength[n](db, ...list, ...args);
  };
}
