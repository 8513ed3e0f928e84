import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledQuery, LogEvent } from 'kysely';
import type { FlashcardSession } from '@blok/contract';
import type { DatabaseHandle, DialectName, Executor } from '@blok/db';
import { buildApp } from '../../src/app.ts';
import { loadEnv } from '../../src/env.ts';
import { importContent } from '../../src/content/importer.ts';
import { FlashcardsRepository } from '../../src/flashcards/repository.ts';
import { LibraryRepository } from '../../src/library/repository.ts';
import { DIALECTS, openTestDatabase, signedInUser, type TestApp } from '../helpers.ts';
import { FIXTURE_DIR, SUBJECT } from './support.ts';

/**
 * The flashcard hot paths (a session's load, an answer) run queries compiled once (fixedQuery).
 * Each must run the very SQL the query builder made for it before, with the same parameters (a
 * timestamp of the moment aside), on each dialect, and read and write what it did.
 */

interface Captured {
  sql: string;
  parameters: readonly unknown[];
}

const SKIP = /^\s*(begin|commit|rollback|savepoint|release|pragma|set |select 1\b|select set_config)/i;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** The timestamps of the moment (now()) as a marker: the rest must match exactly. */
const stable = (parameters: readonly unknown[]) => parameters.map((p) => (typeof p === 'string' && ISO.test(p) ? '<now>' : p));

/** The builder queries these methods ran before they were compiled once: the reference. */
const reference = (db: Executor, userId: string, sessionId: string, cardId: string, ts: string): Record<string, CompiledQuery> => ({
  findSubject: db.selectFrom('subjects').select(['id', 'title']).where('id', '=', SUBJECT).compile(),
  findSession: db.selectFrom('flashcard_sessions').selectAll().where('id', '=', sessionId).where('user_id', '=', userId).compile(),
  sessionCards: db
    .selectFrom('flashcard_session_cards')
    .innerJoin('flashcards', 'flashcards.id', 'flashcard_session_cards.flashcard_id')
    .selectAll('flashcards')
    .select(['flashcard_session_cards.position', 'flashcard_session_cards.known', 'flashcard_session_cards.rating'])
    .where('flashcard_session_cards.session_id', '=', sessionId)
    .orderBy('flashcard_session_cards.position')
    .compile(),
  answerCard: db
    .updateTable('flashcard_session_cards')
    .set({ known: 1, rating: null, answered_at: ts })
    .where('session_id', '=', sessionId)
    .where('position', '=', 1)
    .compile(),
  answerCardRated: db
    .updateTable('flashcard_session_cards')
    .set({ known: 0, rating: 1, answered_at: ts })
    .where('session_id', '=', sessionId)
    .where('position', '=', 2)
    .compile(),
  setKnowledge: db
    .insertInto('flashcard_knowledge')
    .values({ user_id: userId, flashcard_id: cardId, known: 1, updated_at: ts })
    .onConflict((oc) => oc.columns(['user_id', 'flashcard_id']).doUpdateSet({ known: 1, updated_at: ts }))
    .compile(),
  updateSession: db
    .updateTable('flashcard_sessions')
    .set({ current_index: 2, updated_at: ts })
    .where('id', '=', sessionId)
    .compile(),
  updateSessionFinished: db
    .updateTable('flashcard_sessions')
    .set({ current_index: 3, finished_at: ts, updated_at: ts })
    .where('id', '=', sessionId)
    .compile(),
  updateSessionUnfinished: db
    .updateTable('flashcard_sessions')
    .set({ current_index: 0, finished_at: null, updated_at: ts })
    .where('id', '=', sessionId)
    .compile(),
});

describe.each(DIALECTS)('fixed flashcard queries on %s', (dialect: DialectName) => {
  let app: TestApp;
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let captured: Captured[] = [];
  let userId: string;
  let session: FlashcardSession;

  beforeAll(async () => {
    const log = (event: LogEvent) => {
      if (!SKIP.test(event.query.sql)) captured.push({ sql: event.query.sql, parameters: event.query.parameters });
    };
    ({ handle, cleanup } = await openTestDatabase(dialect, { log }));
    await importContent(handle.db, FIXTURE_DIR, { dialect });
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', JOBS: 'off', REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000' });
    app = await buildApp({ env, database: handle, logger: false, serveWeb: false });
    await app.ready();
    const { headers } = await signedInUser(app);
    const res = await app.inject({ method: 'POST', url: '/api/flashcard-sessions', headers, payload: { subjectId: SUBJECT, source: 'set', flashcardSetId: 'fx-set-a' } });
    expect(res.statusCode, res.body).toBe(201);
    session = res.json();
    const row = await handle.db.selectFrom('flashcard_sessions').select('user_id').where('id', '=', session.id).executeTakeFirstOrThrow();
    userId = row.user_id;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await cleanup?.();
  });

  /** Runs `fn` and returns the one statement it ran. */
  async function one(fn: () => Promise<unknown>): Promise<Captured> {
    captured = [];
    await fn();
    expect(captured).toHaveLength(1);
    return captured[0]!;
  }

  it('runs the SQL and parameters the query builder made, and reads and writes what it did', async () => {
    const repo = new FlashcardsRepository(handle.db);
    const ref = reference(handle.db, userId, session.id, 'fx-a-1', new Date().toISOString());
    const same = (ran: Captured, name: string) => {
      expect(ran.sql, name).toBe(ref[name]!.sql);
      expect(stable(ran.parameters), name).toEqual(stable(ref[name]!.parameters));
    };

    let subject: unknown;
    // the subject's title is the library's (decision 020): the same query, asked of its repository
    const library = new LibraryRepository(handle.db);
    same(await one(async () => (subject = await library.subjectTitle(SUBJECT))), 'findSubject');
    expect(subject).toEqual({ id: SUBJECT, title: 'Kaartenvak' });
    expect(await library.subjectTitle('bestaat-niet')).toBeUndefined();

    let found: Awaited<ReturnType<FlashcardsRepository['findSession']>>;
    same(await one(async () => (found = await repo.findSession(userId, session.id))), 'findSession');
    expect(found!).toMatchObject({ id: session.id, user_id: userId, subject_id: SUBJECT, source: 'set', current_index: 0, finished_at: null });
    expect(await repo.findSession('someone-else', session.id)).toBeUndefined();

    let cards: Awaited<ReturnType<FlashcardsRepository['sessionCards']>> = [];
    same(await one(async () => (cards = await repo.sessionCards(session.id))), 'sessionCards');
    expect(cards.map((c) => [c.id, c.position, c.known, c.rating, c.subject_id])).toEqual([
      ['fx-a-1', 0, null, null, SUBJECT],
      ['fx-a-2', 1, null, null, SUBJECT],
      ['fx-a-3', 2, null, null, SUBJECT],
    ]);
    expect(await repo.sessionCards('geen-sessie')).toEqual([]);

    same(await one(() => repo.answerCard(session.id, 1, { known: true })), 'answerCard');
    same(await one(() => repo.answerCard(session.id, 2, { known: false, rating: 1 })), 'answerCardRated');
    expect((await repo.sessionCards(session.id)).map((c) => [c.known, c.rating])).toEqual([
      [null, null],
      [1, null],
      [0, 1],
    ]);

    same(await one(() => repo.setKnowledge(userId, 'fx-a-1', true)), 'setKnowledge');
    await repo.setKnowledge(userId, 'fx-a-1', false); // the conflict: her latest verdict wins
    expect(await repo.knowledge(userId, ['fx-a-1'])).toEqual(new Map([['fx-a-1', false]]));

    same(await one(() => repo.updateSession(session.id, { current_index: 2 })), 'updateSession');
    expect(await repo.findSession(userId, session.id)).toMatchObject({ current_index: 2, finished_at: null });
    const finishedAt = new Date().toISOString();
    same(await one(() => repo.updateSession(session.id, { current_index: 3, finished_at: finishedAt })), 'updateSessionFinished');
    expect(await repo.findSession(userId, session.id)).toMatchObject({ current_index: 3, finished_at: finishedAt });
    // finished_at undefined: left as it is, as the builder left out an undefined column
    await repo.updateSession(session.id, { current_index: 2, finished_at: undefined });
    expect(await repo.findSession(userId, session.id)).toMatchObject({ current_index: 2, finished_at: finishedAt });
    same(await one(() => repo.updateSession(session.id, { current_index: 0, finished_at: null })), 'updateSessionUnfinished');
    expect(await repo.findSession(userId, session.id)).toMatchObject({ current_index: 0, finished_at: null });
  });

  it('runs in the transaction it is given, and the rollback undoes its writes', async () => {
    await expect(
      handle.db.transaction().execute(async (tx) => {
        const repo = new FlashcardsRepository(tx);
        await repo.answerCard(session.id, 0, { known: true });
        await repo.updateSession(session.id, { current_index: 1 });
        expect((await repo.sessionCards(session.id))[0]).toMatchObject({ known: 1 });
        expect(await repo.findSession(userId, session.id)).toMatchObject({ current_index: 1 });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const repo = new FlashcardsRepository(handle.db);
    expect((await repo.sessionCards(session.id))[0]).toMatchObject({ known: null });
    expect(await repo.findSession(userId, session.id)).toMatchObject({ current_index: 0 });
  });
});
