import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, type LogEvent } from 'kysely';
import { dropSchema, migrateToLatest, openDatabase, sql, type DatabaseHandle } from '@blok/db';
import { FlashcardsRepository } from '../../src/flashcards/repository.ts';

/**
 * Decision 014, "Scale on PostgreSQL": with 100 000 cards in card sessions, a session's cards (the
 * flashcards' next card, GET /api/flashcard-sessions/{id}) are looked up by primary key, not found by
 * hashing every flashcard of the catalogue. With PostgreSQL's built-in random_page_cost of 4 the
 * planner chose the hash join on the scale bench's large database (1.57 ms of PostgreSQL per request
 * instead of 0.08); Blok's connections plan with 1.1 (`openDatabase`, packages/db).
 */
const url = process.env.TEST_DATABASE_URL;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
const shape = (ns: PlanNode[]) => ns.map((n) => `${n['Node Type']}${n['Relation Name'] ? ` on ${n['Relation Name']}` : ''}`).join(', ');

describe.skipIf(!url)('a card session\'s cards at scale on PostgreSQL', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let handle: DatabaseHandle;
  let captured: CompiledQuery[] = [];

  beforeAll(async () => {
    handle = await openDatabase({ url: url!, schema, poolSize: 2, log: (e: LogEvent) => void captured.push(e.query) });
    await migrateToLatest(handle.db);
    const { db } = handle;
    // The demo content's shape: 575 flashcards in sets of 40 (about 320 characters of text each);
    // 5 000 students with a session of 20 cards each, 100 000 session cards in no particular order.
    const at = new Date().toISOString();
    await sql`insert into subjects (id, title, description, content_hash, created_at, updated_at) values ('subject', 'Vak', '', '', ${at}, ${at})`.execute(db);
    await sql`insert into flashcard_sets (id, subject_id, title, description, sort_index) select 'set' || s, 'subject', 'Set ' || s, '', s from generate_series(0, 14) s`.execute(db);
    await sql`insert into flashcards (id, flashcard_set_id, subject_id, sort_index, front_markdown, back_markdown, front_html, back_html)
      select 'card' || i, 'set' || (i / 40), 'subject', i, repeat('voorkant ', 6), repeat('achterkant ', 9), '<p>' || repeat('voorkant ', 6) || '</p>', '<p>' || repeat('achterkant ', 9) || '</p>'
      from generate_series(0, 574) i`.execute(db);
    await sql`insert into users (id, email, password_hash, university, study, year, created_at, updated_at)
      select 'user' || u, 'student' || u || '@example.nl', 'x', 'uva', 'psychologie', 'bachelor-1', ${at}, ${at} from generate_series(0, 4999) u`.execute(db);
    await sql`insert into flashcard_sessions (id, user_id, subject_id, source, flashcard_set_id, title, card_order, first_side, only_unknown, current_index, created_at, updated_at)
      select 'session' || u, 'user' || u, 'subject', 'set', 'set' || (u % 15), 'Kaarten', 'written', 'front', 0, 0, ${at}, ${at} from generate_series(0, 4999) u`.execute(db);
    await sql`insert into flashcard_session_cards (session_id, position, flashcard_id)
      select 'session' || u, p, 'card' || ((u * 7 + p) % 575) from generate_series(0, 4999) u, generate_series(0, 19) p order by random()`.execute(db);
    // as autovacuum leaves them
    for (const table of ['flashcards', 'flashcard_sets', 'users', 'flashcard_sessions', 'flashcard_session_cards']) await sql`analyze ${sql.table(table)}`.execute(db);
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
    await dropSchema(url!, schema);
  });

  async function plan(query: CompiledQuery, randomPageCost?: string): Promise<PlanNode[]> {
    return handle.db.transaction().execute(async (trx) => {
      if (randomPageCost) await sql`select set_config('random_page_cost', ${randomPageCost}, true)`.execute(trx);
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]));
      return nodes(rows[0]!['QUERY PLAN'][0]!.Plan);
    });
  }

  it('looks the cards up by primary key instead of hashing the whole flashcards table', async () => {
    captured = [];
    const cards = await new FlashcardsRepository(handle.db).sessionCards('session123');
    expect(cards.map((c) => c.position)).toEqual([...Array(20).keys()]);
    expect(cards[0]!.id).toBe(`card${(123 * 7) % 575}`);
    const query = captured.find((q) => q.sql.includes('"flashcard_session_cards"'))!;
    expect(query).toBeDefined();

    const ours = await plan(query);
    const flashcards = ours.filter((n) => n['Relation Name'] === 'flashcards');
    expect(flashcards.map((n) => n['Node Type']), shape(ours)).toEqual(['Index Scan']);
    expect(flashcards[0]!['Index Name']).toBe('flashcards_pkey');
    expect(ours.some((n) => n['Node Type'] === 'Hash Join')).toBe(false);

    // The control: on the same data, PostgreSQL's built-in cost reads every flashcard into a hash.
    const builtIn = await plan(query, '4');
    expect(builtIn.some((n) => n['Node Type'] === 'Hash Join'), shape(builtIn)).toBe(true);
    expect(builtIn.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'flashcards')).toBe(true);
  });
});
