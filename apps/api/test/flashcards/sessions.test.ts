import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestContext } from '../helpers.ts';
import { SUBJECT, cardIds, flashcardsApp, student } from './support.ts';

describe.each(DIALECTS)('flashcard sessions on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await flashcardsApp(dialect);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('serves the feature flags publicly: flashcards on, spaced repetition off by default', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ flashcardsEnabled: true, leitnerEnabled: false });
  });

  it('shows the sets with card counts, no progress and no FSRS numbers for a new student', async () => {
    const s = await student(ctx.app);
    const overview = await s.overview();
    expect(overview.subjectTitle).toBe('Kaartenvak');
    expect(overview.sets.map((x) => [x.id, x.cardCount, x.knownCount, x.progress, x.sessionId, x.dueCount])).toEqual([
      ['fx-set-a', 3, 0, 0, null, null],
      ['fx-set-b', 2, 0, 0, null, null],
    ]);
    expect(overview.sets[0]!.chapterId).toBe('fx-kaarten-h1');
    expect(overview.favorites).toEqual({ cardCount: 0, knownCount: 0, sessionId: null });
    expect(overview.review).toBeNull();
    const unknown = await s.call('GET', '/api/flashcard-sets?subjectId=bestaat-niet');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'not_found', error_description: 'Dit vak bestaat niet.' });
  });

  it('creates a session with the set in written order, front first, sanitized HTML and picture URLs', async () => {
    const s = await student(ctx.app);
    const session = await s.start();
    expect(session).toMatchObject({ source: 'set', flashcardSetId: 'fx-set-a', title: 'Flashcards H1: begrippen', order: 'written', firstSide: 'front', currentIndex: 0, cardCount: 3, finished: false });
    expect(cardIds(session)).toEqual(['fx-a-1', 'fx-a-2', 'fx-a-3']);
    const [first, second] = session.cards;
    expect(first!.front.html).toBe('<p>Wat is <strong>schaarste</strong>?</p>\n');
    expect(second!.front.html).not.toContain('<script');
    expect(second!.back.html).toContain('<p>Een kop</p>');
    expect(second!.back.html).toContain('rel="noopener noreferrer"');
    expect(second!.back.pictureUrl).toBe(`/api/content/images/${SUBJECT}/diagram.svg`);
    expect(second!.front.pictureUrl).toBeNull();
    expect(first!).toMatchObject({ known: null, rating: null, isFavorite: false, intervals: null, scheduleVersion: null });
  });

  it('saves each answer, moves on, resumes at the same card, and ends with the counts', async () => {
    const s = await student(ctx.app);
    const { id } = await s.start({ firstSide: 'back' });
    let session = await s.answer(id, 0, true);
    expect(session).toMatchObject({ currentIndex: 1, knownCount: 1, unknownCount: 0, finished: false });
    // Resume (another device, or after a reload): the same place.
    const resumed = await s.session(id);
    expect(resumed).toMatchObject({ currentIndex: 1, firstSide: 'back' });
    expect(resumed.cards.map((c) => c.known)).toEqual([true, null, null]);
    expect((await s.overview()).sets[0]!.sessionId).toBe(id);

    session = await s.answer(id, 1, false);
    session = await s.answer(id, 2, true);
    expect(session).toMatchObject({ currentIndex: 3, knownCount: 2, unknownCount: 1, finished: true });
    const overview = await s.overview();
    expect(overview.sets[0]).toMatchObject({ knownCount: 2, progress: 67, sessionId: null });

    // Going back to a card and changing the verdict.
    const back = await s.call('PUT', `/api/flashcard-sessions/${id}/position`, { position: 1 });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ currentIndex: 1, finished: false });
    session = await s.answer(id, 1, true);
    expect(session).toMatchObject({ currentIndex: 2, knownCount: 3, unknownCount: 0 });
    expect((await s.call('PUT', `/api/flashcard-sessions/${id}/position`, { position: 4 })).statusCode).toBe(400);
    expect((await s.call('POST', `/api/flashcard-sessions/${id}/answer`, { position: 3, known: true })).statusCode).toBe(400);
  });

  it('repeats only the cards she did not know, in a new session', async () => {
    const s = await student(ctx.app);
    const { id } = await s.start();
    await s.answer(id, 0, false);
    await s.answer(id, 1, true);
    await s.answer(id, 2, false);
    const res = await s.call('POST', `/api/flashcard-sessions/${id}/repeat`);
    expect(res.statusCode, res.body).toBe(201);
    const repeat = res.json();
    expect(repeat.id).not.toBe(id);
    expect(cardIds(repeat)).toEqual(['fx-a-1', 'fx-a-3']);
    expect(repeat).toMatchObject({ currentIndex: 0, knownCount: 0, title: 'Flashcards H1: begrippen' });
    const allKnown = await s.start({ flashcardSetId: 'fx-set-b' });
    await s.answer(allKnown.id, 0, true);
    await s.answer(allKnown.id, 1, true);
    const none = await s.call('POST', `/api/flashcard-sessions/${allKnown.id}/repeat`);
    expect(none.statusCode).toBe(409);
  });

  it('offers only the cards not yet known when asked', async () => {
    const s = await student(ctx.app);
    const first = await s.start();
    await s.answer(first.id, 0, true);
    await s.answer(first.id, 1, false);
    const only = await s.start({ onlyUnknown: true });
    expect(cardIds(only)).toEqual(['fx-a-2', 'fx-a-3']);
    expect(only.onlyUnknown).toBe(true);
    await s.answer(only.id, 0, true);
    await s.answer(only.id, 1, true);
    const none = await s.call('POST', '/api/flashcard-sessions', { subjectId: SUBJECT, source: 'set', flashcardSetId: 'fx-set-a', onlyUnknown: true });
    expect(none.statusCode).toBe(409);
    expect(none.json().error_description).toContain('alle kaarten');
  });

  it('stars cards across sets and practises only the favorites', async () => {
    const s = await student(ctx.app);
    const empty = await s.call('POST', '/api/flashcard-sessions', { subjectId: SUBJECT, source: 'favorites' });
    expect(empty.statusCode).toBe(409);
    expect(await s.favorite('fx-b-2')).toEqual({ flashcardId: 'fx-b-2', isFavorite: true });
    await s.favorite('fx-a-2');
    await s.favorite('fx-a-2'); // idempotent
    await s.favorite('fx-a-3');
    await s.favorite('fx-a-3', false);
    expect((await s.overview()).favorites).toMatchObject({ cardCount: 2, knownCount: 0 });
    const session = await s.start({ source: 'favorites', flashcardSetId: undefined });
    expect(session).toMatchObject({ source: 'favorites', flashcardSetId: null, title: 'Favorieten: Kaartenvak' });
    expect(cardIds(session)).toEqual(['fx-a-2', 'fx-b-2']);
    expect(session.cards.every((c) => c.isFavorite)).toBe(true);
    expect((await s.overview()).favorites.sessionId).toBe(session.id);
    expect((await s.call('PUT', '/api/flashcards/bestaat-niet/favorite')).statusCode).toBe(404);
  });

  it("marks her own favorites among a session's cards, not another student's nor cards outside it", async () => {
    const s = await student(ctx.app);
    const other = await student(ctx.app);
    const { id } = await s.start();
    await s.favorite('fx-a-2');
    await s.favorite('fx-b-1'); // a card of another set: not in this session
    await other.favorite('fx-a-3');
    const session = await s.session(id);
    expect(session.cards.map((c) => [c.flashcardId, c.isFavorite])).toEqual([
      ['fx-a-1', false],
      ['fx-a-2', true],
      ['fx-a-3', false],
    ]);
  });

  it('shuffles when asked, keeping every card once', async () => {
    const s = await student(ctx.app);
    const session = await s.start({ order: 'shuffled' });
    expect(session.order).toBe('shuffled');
    expect([...cardIds(session)].sort()).toEqual(['fx-a-1', 'fx-a-2', 'fx-a-3']);
  });

  it("answers 404 for another student's session and for unknown sets, and 400 for bad input", async () => {
    const owner = await student(ctx.app);
    const other = await student(ctx.app);
    const { id } = await owner.start();
    expect((await other.call('GET', `/api/flashcard-sessions/${id}`)).statusCode).toBe(404);
    expect((await other.call('POST', `/api/flashcard-sessions/${id}/answer`, { position: 0, known: true })).statusCode).toBe(404);
    expect((await other.call('PUT', `/api/flashcard-sessions/${id}/position`, { position: 1 })).statusCode).toBe(404);
    expect((await other.call('POST', `/api/flashcard-sessions/${id}/repeat`)).statusCode).toBe(404);
    expect((await owner.session(id)).currentIndex).toBe(0);

    const unknownSet = await owner.call('POST', '/api/flashcard-sessions', { subjectId: SUBJECT, source: 'set', flashcardSetId: 'bestaat-niet' });
    expect(unknownSet.statusCode).toBe(404);
    expect(unknownSet.json().error_description).toBe('Deze flashcardset bestaat niet.');
    const noSet = await owner.call('POST', '/api/flashcard-sessions', { subjectId: SUBJECT, source: 'set' });
    expect(noSet.statusCode).toBe(400);
    const badOrder = await owner.call('POST', '/api/flashcard-sessions', { subjectId: SUBJECT, source: 'set', flashcardSetId: 'fx-set-a', order: 'random' });
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json()).toHaveProperty('error_description');
    expect((await owner.call('GET', '/api/flashcard-sessions/niet-een-id')).statusCode).toBe(400);
    expect((await owner.call('POST', `/api/flashcard-sessions/${id}/answer`, { position: 0 })).statusCode).toBe(400);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/flashcard-sets?subjectId=${SUBJECT}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('replays an answer sent twice with the same Idempotency-Key without applying it twice', async () => {
    const s = await student(ctx.app);
    const { id } = await s.start();
    const key = randomUUID();
    const first = await s.call('POST', `/api/flashcard-sessions/${id}/answer`, { position: 0, known: false }, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    await s.answer(id, 1, true);
    const replay = await s.call('POST', `/api/flashcard-sessions/${id}/answer`, { position: 0, known: false }, { 'idempotency-key': key });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    // The session moved on after the first answer; the replay did not move it back.
    expect(await s.session(id)).toMatchObject({ currentIndex: 2, knownCount: 1, unknownCount: 1 });
    const reused = await s.call('POST', `/api/flashcard-sessions/${id}/answer`, { position: 2, known: true }, { 'idempotency-key': key });
    expect(reused.statusCode).toBe(422);
  });

  it('the FSRS calls answer 404 while spaced repetition is off', async () => {
    const s = await student(ctx.app);
    const { id } = await s.start();
    const rate = await s.call('POST', `/api/flashcard-sessions/${id}/rate`, { position: 0, rating: 3, scheduleVersion: 0, durationMs: 1000, timeZone: 'Europe/Amsterdam' });
    expect(rate.statusCode).toBe(404);
    const review = await s.call('POST', '/api/flashcard-sessions', { subjectId: SUBJECT, source: 'review', timeZone: 'Europe/Amsterdam' });
    expect(review.statusCode).toBe(404);
  });
});

describe.each(DIALECTS)('flashcards switched off on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await flashcardsApp(dialect, { FLASHCARDS_ENABLED: 'false', LEITNER_ENABLED: 'true' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('serves the flags off, hides flashcards on the subject and answers 404 on every flashcard route', async () => {
    const config = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toEqual({ flashcardsEnabled: false, leitnerEnabled: false });
    const s = await student(ctx.app);
    const subject = await s.call('GET', `/api/subjects/${SUBJECT}`);
    expect(subject.statusCode, subject.body).toBe(200);
    expect(subject.json().flashcardsEnabled).toBe(false);
    expect((await s.call('GET', `/api/flashcard-sets?subjectId=${SUBJECT}`)).statusCode).toBe(404);
    expect((await s.call('POST', '/api/flashcard-sessions', { subjectId: SUBJECT, source: 'set', flashcardSetId: 'fx-set-a' })).statusCode).toBe(404);
    expect((await s.call('PUT', '/api/flashcards/fx-a-1/favorite')).statusCode).toBe(404);
  });
});
