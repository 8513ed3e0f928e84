import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, type LogEvent } from 'kysely';
import { CLIENT_ID, type TokenResponse } from '@blok/contract';
import { sql, type DatabaseHandle, type DialectName } from '@blok/db';
import { CHOICE, DIALECTS, PASSWORD, createTestApp, uniqueEmail, type TestApp, type TestContext } from '../helpers.ts';

/**
 * Issue 14: every statement of the hot paths (the ones `npm run bench` and `npm run bench:scale`
 * measure) is explained on this dialect, and none may scan a whole table that grows with the
 * students or their answers. SQLite: EXPLAIN QUERY PLAN, a `SCAN <table>` line (with or without an
 * index: a full index scan grows as well) fails. PostgreSQL: EXPLAIN (FORMAT JSON) with
 * `enable_seqscan = off`, so that the planner takes any usable index even on these small tables;
 * a Seq Scan that remains, or an index read whole (no Index Cond), has no index to take, and fails.
 */

/** Imported content: its size is bounded by what the authors write, not by the students. May be scanned. */
const CATALOGUE = new Set([
  'subjects',
  'subject_audiences',
  'summaries',
  'chapters',
  'content_images',
  'question_lists',
  'questions',
  'answers',
  'flashcard_sets',
  'flashcards',
  // one row per question or card anyone answered (decision 035): as large as the content, whatever the students
  'item_difficulties',
]);

/** Every other table of the schema grows with the data (users, devices, tokens, sessions, answers, …). */
const grows = (table: string) => !CATALOGUE.has(table);

interface Captured {
  sql: string;
  parameters: readonly unknown[];
}

const SKIP = /^\s*(begin|commit|rollback|savepoint|release|pragma|set |select 1\b)/i;

describe.each(DIALECTS)('query plans of the hot paths on %s', (dialect: DialectName) => {
  let ctx: TestContext;
  let app: TestApp;
  let handle: DatabaseHandle;
  let capturing = false;
  let captured: Captured[] = [];

  beforeAll(async () => {
    const log = (event: LogEvent) => {
      if (capturing && !SKIP.test(event.query.sql)) captured.push({ sql: event.query.sql, parameters: event.query.parameters });
    };
    // The demo content: the same subjects, summaries, lists and flashcards as the bench.
    ctx = await createTestApp(dialect, { SEED_DEMO: 'true', REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000', LEITNER_ENABLED: 'true' }, { log });
    ({ app, handle } = ctx);
  }, 120_000);

  afterAll(async () => ctx?.close());

  /** The plan of one statement as text lines, and the growing tables it scans in full. */
  async function explain(q: Captured): Promise<{ plan: string; scans: string[] }> {
    if (dialect === 'sqlite') {
      const rows = (await handle.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]))).rows;
      // `from "question_sessions" as "s"`: the plan names the alias
      const aliases = new Map<string, string>();
      for (const m of q.sql.matchAll(/"(\w+)"\s+as\s+"(\w+)"/gi)) aliases.set(m[2]!, m[1]!);
      const scans: string[] = [];
      for (const { detail } of rows) {
        const m = /^SCAN (\w+)/.exec(detail);
        if (m) {
          const table = aliases.get(m[1]!) ?? m[1]!;
          if (grows(table) && table !== 'CONSTANT') scans.push(`${table}: ${detail}`);
          continue;
        }
        // A search of a growing table by a piece of content alone (its subject, list, set, chapter)
        // reads that content's rows of every student: a scan that grows with the students all the
        // same (the progress page read every student's sessions of the subject, issue 27).
        const byContent = /^SEARCH (\w+) USING (?:COVERING )?INDEX \w+ \((subject_id|question_list_id|flashcard_set_id|chapter_id|summary_id|question_id|flashcard_id)=\?/.exec(detail);
        if (!byContent) continue;
        const table = aliases.get(byContent[1]!) ?? byContent[1]!;
        if (grows(table)) scans.push(`${table}: every student's rows of one ${byContent[2]}: ${detail}`);
      }
      return { plan: rows.map((r) => r.detail).join('\n'), scans };
    }
    return handle.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const rows = (await trx.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`explain (format json) ${q.sql}`, [...q.parameters]))).rows;
      const plan = rows[0]!['QUERY PLAN'];
      const scans: string[] = [];
      const walk = (node: Record<string, unknown>) => {
        const type = String(node['Node Type']);
        const table = String(node['Relation Name']);
        // With seqscan off, a table without a usable index is read whole through some other index
        // (an Index Scan without an Index Cond): as full a scan as a Seq Scan.
        const whole = type === 'Seq Scan' || ((type === 'Index Scan' || type === 'Index Only Scan') && node['Index Cond'] === undefined);
        if (whole && grows(table)) scans.push(`${table}: ${type}${node['Index Name'] ? ` on ${String(node['Index Name'])}` : ''}`);
        for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
      };
      for (const top of plan as Array<{ Plan: Record<string, unknown> }>) walk(top.Plan);
      return { plan: JSON.stringify(plan), scans };
    });
  }

  /** Runs one hot path with the statements it sends captured; every captured statement is explained. */
  async function path(name: string, run: () => Promise<{ statusCode: number; body: string }>) {
    captured = [];
    capturing = true;
    let res: { statusCode: number; body: string };
    try {
      res = await run();
    } finally {
      capturing = false;
    }
    expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(300);
    expect(captured.length, `${name} ran no SQL`).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const q of captured) {
      const { scans, plan } = await explain(q);
      if (process.env.DEBUG_PLANS) console.log(`${name}\n  ${q.sql}\n  ${plan.replaceAll("\n", "\n  ")}`);
      if (scans.length) problems.push(`${name}\n  ${q.sql}\n  full scan of ${scans.join(', ')}\n  ${plan.replaceAll('\n', '\n  ')}`);
    }
    return { problems, statements: captured.length };
  }

  it('every statement of library, chapter, home, session, save-answer, flashcards, plan, readiness, progress and refresh uses an index on the growing tables', async () => {
    // A student with a practice session, reading progress and a flashcard session (set up untraced).
    const deviceId = `device-${randomBytes(8).toString('hex')}`;
    const reg = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ device_id: deviceId, grant_type: 'external_register', client_id: CLIENT_ID, email: uniqueEmail('plans'), password: PASSWORD, ...CHOICE }).toString(),
    });
    expect(reg.statusCode, reg.body).toBe(200);
    let tokens = reg.json() as TokenResponse;
    const get = (url: string) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens.access_token}` } });
    const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
      app.inject({ method, url, headers: { authorization: `Bearer ${tokens.access_token}`, 'idempotency-key': randomUUID() }, payload });

    const list = await handle.db
      .selectFrom('question_lists')
      .innerJoin('questions', 'questions.question_list_id', 'question_lists.id')
      .where('questions.type', '=', 'SELECT')
      .select(['question_lists.id', 'question_lists.subject_id'])
      .orderBy('question_lists.id')
      .executeTakeFirstOrThrow();
    const lists = await handle.db.selectFrom('question_lists').select('id').where('subject_id', '=', list.subject_id).where('id', '!=', list.id).orderBy('sort_index').limit(3).execute();
    const started = await send('POST', `/api/session/${list.id}/start-all`, { questionListIds: lists.map((l) => l.id) });
    expect(started.statusCode, started.body).toBeLessThan(300);
    const sessionId = (started.json() as { id: string }).id;
    const overview = (await get(`/api/session/${sessionId}`)).json() as { questions: Array<{ questionId: string; questionListId: string; type: string; answers: Array<{ id: string }> }> };
    const selectQuestions = overview.questions.filter((q) => q.type === 'SELECT' && q.answers.length > 0);
    expect(selectQuestions.length).toBeGreaterThan(1);

    const chapter = await handle.db
      .selectFrom('chapters')
      .select(['id', 'summary_id'])
      .where('access', '=', 'free')
      .orderBy('summary_id')
      .orderBy('sort_index')
      .executeTakeFirstOrThrow();
    const set = await handle.db.selectFrom('flashcard_sets').select(['id', 'subject_id']).orderBy('id').executeTakeFirstOrThrow();
    const fc = await send('POST', '/api/flashcard-sessions', { subjectId: set.subject_id, source: 'set', flashcardSetId: set.id });
    expect(fc.statusCode, fc.body).toBe(201);
    const flashcardSessionId = (fc.json() as { id: string }).id;

    // Her exam plan for a subject of her library (untraced), so the plan's paths do their real work.
    const library = (await get('/api/library')).json() as { subjects: Array<{ id: string }> };
    const subjectId = library.subjects.find((x) => x.id === list.subject_id)?.id ?? library.subjects[0]!.id;
    const examDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const planned = await send('PUT', `/api/subjects/${subjectId}/exam-plan`, { examDate, minutesPerDay: 30, studyDays: [1, 2, 3, 4, 5, 6, 7], timeZone: 'Europe/Amsterdam' });
    expect(planned.statusCode, planned.body).toBeLessThan(300);

    const results = [
      await path('library', () => get('/api/library')),
      await path('summary chapter', () => get(`/api/summaries/${chapter.summary_id}/chapters/${chapter.id}`)),
      await path('reading progress', () => send('PUT', `/api/summaries/${chapter.summary_id}/progress`, { chapterId: chapter.id, position: 0.4 })),
      await path('home/continue', () => get('/api/home/continue')),
      await path('session overview', () => get(`/api/session/${sessionId}`)),
      await path('session next question', () => get(`/api/session/${sessionId}/next`)),
      await path('save-answer', () => {
        const q = selectQuestions[0]!;
        return send('POST', `/api/question-list/${q.questionListId}/save-answer`, { sessionId, questionId: q.questionId, answerId: q.answers[0]!.id });
      }),
      await path('session next question after an answer', () => get(`/api/session/${sessionId}/next`)),
      await path('flashcards next card', () => get(`/api/flashcard-sessions/${flashcardSessionId}`)),
      await path('flashcards answer card', () => send('POST', `/api/flashcard-sessions/${flashcardSessionId}/answer`, { position: 0, known: true })),
      await path('flashcards overview', () => get(`/api/flashcard-sets?subjectId=${set.subject_id}`)),
      await path('plan today', () => get('/api/plan/today?timeZone=Europe%2FAmsterdam')),
      await path('readiness', () => get(`/api/subjects/${subjectId}/readiness?timeZone=Europe%2FAmsterdam`)),
      await path('progress', () => get(`/api/subjects/${subjectId}/progress?timeZone=Europe%2FAmsterdam`)),
      await path('refresh', async () => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': randomUUID() },
          payload: new URLSearchParams({ grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: tokens.refresh_token, device_id: deviceId }).toString(),
        });
        if (res.statusCode === 200) tokens = res.json() as TokenResponse;
        return res;
      }),
    ];
    // Every path was explained statement by statement (a path that ran no SQL failed above).
    expect(results.reduce((n, r) => n + r.statements, 0)).toBeGreaterThan(results.length);
    expect(results.flatMap((r) => r.problems)).toEqual([]);
  }, 120_000);
});
