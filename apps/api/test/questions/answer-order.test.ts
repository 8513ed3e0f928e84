import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionList, SessionOverview, SessionQuestion } from '@blok/contract';
import { buildApp } from '../../src/app.ts';
import { importContent } from '../../src/content/importer.ts';
import { loadEnv } from '../../src/env.ts';
import { DIALECTS, createTestApp, login, PASSWORD, bearer, newDeviceId, type TestContext } from '../helpers.ts';
import { answerId, answerKey, dictionary, student } from './support.ts';

// Issue 26, answer order: each session shows the answers in an order of its own, seeded and stored
// with the session; pinned answers keep their written place. Fixture: fixture-volgorde (fxo-lijst):
// q1 six answers, q2 "Alle bovenstaande" pinned last, q3 a five-step scale all pinned, q4 two correct
// and "Geen van bovenstaande" pinned last, q5 open, q6 four answers. Every correct answer is written first.

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'questions-order-courses');
const LIST = 'fxo-lijst';

const order = (q: SessionQuestion) => q.answers.map((a) => a.id);
const orders = (o: SessionOverview) => o.questions.map(order);

describe.each(DIALECTS)('answer order on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000' });
    await importContent(ctx.handle.db, FIXTURE, { dialect });
  });
  afterAll(async () => ctx?.close());

  it('stores pinned answers from the content', async () => {
    const rows = await ctx.handle.db.selectFrom('answers').select(['id', 'pinned']).where('question_id', 'in', ['fxo-q1', 'fxo-q2', 'fxo-q3']).orderBy('id').execute();
    const pinned = rows.filter((r) => r.pinned === 1).map((r) => r.id);
    expect(pinned).toEqual(['fxo-q2-a5', 'fxo-q3-a1', 'fxo-q3-a2', 'fxo-q3-a3', 'fxo-q3-a4', 'fxo-q3-a5']);
  });

  it('keeps one order per session: overview, next, previous, a question by id, save-answer, the results and the question list', async () => {
    const s = await student(ctx.app);
    const id = await s.start(LIST, undefined, true);
    const shown = orders(await s.overview(id));
    // the labels follow the order shown: sortIndex is the position
    for (const q of (await s.overview(id)).questions) expect(q.answers.map((a) => a.sortIndex)).toEqual(q.answers.map((_, i) => i));

    expect(order((await s.call('GET', `/api/session/${id}/question/fxo-q4`)).json() as SessionQuestion)).toEqual(shown[3]);
    const answered = await s.answer(LIST, { sessionId: id, questionId: 'fxo-q1', answerId: answerId('fxo-q1', 2) });
    expect(order(answered)).toEqual(shown[0]);
    // the correct ids in the order shown
    expect(answered.correctAnswerIds).toEqual(['fxo-q1-a1']);
    expect(order((await s.step(id, 'next')).question!)).toEqual(shown[1]);
    expect(order((await s.step(id, 'previous/0')).question!)).toEqual(shown[0]);
    const q4 = await s.answer(LIST, { sessionId: id, questionId: 'fxo-q4', answerIds: [answerId('fxo-q4', 2)] });
    expect(q4.correctAnswerIds).toEqual(shown[3]!.filter((a) => a === 'fxo-q4-a1' || a === 'fxo-q4-a2'));

    // through to the results: every question skipped or answered, the order unchanged
    for (let i = 0; i < 6; i++) await s.step(id, 'skip');
    const results = await s.overview(id);
    expect(results.finished).toBe(true);
    expect(orders(results)).toEqual(shown);

    const list = (await s.call('GET', `/api/question-list/${LIST}`, undefined, id)).json() as QuestionList;
    expect(list.questions.map((q) => q.answers.map((a) => a.id))).toEqual(shown);
  });

  it('gives another device and another process the same order: it lives with the session in the database', async () => {
    const s = await student(ctx.app);
    const id = await s.start(LIST, undefined, true);
    const shown = orders(await s.overview(id));

    // a second API process over the same database, and a sign-in from another device
    const other = await buildApp({
      env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'error', SEED_DEMO: 'false', JOBS: 'off', REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000' }),
      database: ctx.handle,
      serveWeb: false,
    });
    try {
      await other.ready();
      const res = await login(other, { username: s.email, password: PASSWORD, device_id: newDeviceId() });
      expect(res.statusCode, res.body).toBe(200);
      const elsewhere = await other.inject({ method: 'GET', url: `/api/session/${id}`, headers: bearer(res.json().access_token) });
      expect(elsewhere.statusCode, elsewhere.body).toBe(200);
      const words = await dictionary(ctx.handle.db, await answerKey(ctx.handle.db, 'question_sessions', id));
      expect(orders(words.content(elsewhere.json()) as SessionOverview)).toEqual(shown);
    } finally {
      await other.close();
    }
  });

  it('differs between sessions, and keeps pinned answers at their written position in every one', async () => {
    const s = await student(ctx.app);
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const o = await s.overview(await s.start(LIST, undefined, true));
      const [q1, q2, q3, q4] = orders(o);
      seen.add(q1!.join());
      expect(q2![4]).toBe('fxo-q2-a5'); // "Alle bovenstaande" stays last
      expect(q3).toEqual(['fxo-q3-a1', 'fxo-q3-a2', 'fxo-q3-a3', 'fxo-q3-a4', 'fxo-q3-a5']); // the scale keeps its order
      expect(q4![4]).toBe('fxo-q4-a5');
      expect(o.questions[4]!.answers).toEqual([]); // open
    }
    // 720 orders of six answers; twelve sessions that all drew the same one would be a 1 in 10^31 event
    expect(seen.size).toBeGreaterThan(1);
  });

  it('spreads the correct answer over the positions: always answering A scores about chance, not 10', async () => {
    // 40 sessions x q1 (1 in 6) and q6 (1 in 4): 80 questions, expected 16.7 right by chance (sd 3.5).
    const s = await student(ctx.app);
    let right = 0;
    for (let i = 0; i < 40; i++) {
      const id = await s.start(LIST, undefined, true);
      const o = await s.overview(id);
      for (const index of [0, 5]) {
        const q = o.questions[index]!;
        const a = await s.answer(LIST, { sessionId: id, questionId: q.questionId, answerId: q.answers[0]!.id });
        if (a.isCorrect === 1) right++;
      }
    }
    // 6 sd either side of what chance predicts; always A with the written order would give 80
    expect(right).toBeGreaterThanOrEqual(1);
    expect(right).toBeLessThanOrEqual(38);
  });

  it('keeps the written order for a session from before the shuffle (no seed)', async () => {
    const s = await student(ctx.app);
    const id = await s.start(LIST, undefined, true);
    await ctx.handle.db.updateTable('question_sessions').set({ answer_seed: null }).where('id', '=', id).execute();
    const o = await s.overview(id);
    expect(order(o.questions[0]!)).toEqual([1, 2, 3, 4, 5, 6].map((n) => answerId('fxo-q1', n)));
  });
});
