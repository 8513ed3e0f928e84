import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlashcardSession, SessionOverview, StudioDocument, StudioDraft, StudioQuestion } from '@blok/contract';
import { importContent } from '../../src/content/importer.ts';
import { DIALECTS, createTestApp, signedInUser, type TestApp, type TestContext } from '../helpers.ts';
import { contentIdsInject } from '../questions/support.ts';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
/** fx-psychologie gets a list of four questions; fx-kaarten has set fx-set-a (fx-a-1..3) and fx-set-b. */
const PSY = 'fx-psychologie';
const CARDS = 'fx-kaarten';
const LIST = 'fx-psy-vragen-weg';
const TZ = 'Europe/Amsterdam';

type Method = 'GET' | 'POST' | 'PUT';

async function user(app: TestApp) {
  const u = await signedInUser(app);
  const raw = (method: Method, url: string, payload?: unknown) =>
    contentIdsInject(app)({ method, url: `/api${url}`, headers: u.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const api = async <T = unknown>(method: Method, url: string, payload?: unknown): Promise<T> => {
    const res = await raw(method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json() as T;
  };
  return { ...u, raw, api };
}

const question = (id: string): StudioQuestion => ({
  id,
  kind: 'single',
  text: `Vraag ${id}?`,
  answers: [
    { id: 'a1', text: 'Eerste', correct: true, pinned: false },
    { id: 'a2', text: 'Tweede', correct: false, pinned: false },
  ],
  modelAnswer: '',
  feedback: 'Zo zit het.',
  recommended: false,
});

describe.each(DIALECTS)('items a release removes, in open sessions, on %s', (dialect) => {
  let ctx: TestContext;
  let editor: Awaited<ReturnType<typeof user>>;

  async function release(subjectId: string, change: (doc: StudioDocument) => void): Promise<void> {
    const doc = (await editor.api<StudioDraft>('GET', `/studio/subjects/${subjectId}/draft`)).document;
    change(doc);
    expect((await editor.api<StudioDraft>('PUT', `/studio/subjects/${subjectId}/draft`, { document: doc })).problems).toEqual([]);
    await editor.api('POST', `/studio/subjects/${subjectId}/submit`);
    await editor.api('POST', `/studio/subjects/${subjectId}/publish`);
  }

  beforeAll(async () => {
    ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000', LEITNER_ENABLED: 'true', FSRS_FUZZ: 'false' });
    await importContent(ctx.handle.db, join(FIXTURES, 'library-courses'), { dialect });
    await importContent(ctx.handle.db, join(FIXTURES, 'flashcards-courses'), { dialect });
    editor = await user(ctx.app);
    await ctx.app.services.studio.setRole(null, editor.email, 'editor');
    await release(PSY, (doc) => {
      doc.questionLists.push({
        id: LIST,
        title: 'Vier vragen',
        description: 'Vier vragen, waarvan er twee verdwijnen.',
        answerDisplaying: 2,
        recommendedQuestions: 4,
        questions: ['w1', 'w2', 'w3', 'w4'].map((id) => question(`fx-psy-${id}`)),
      });
    });
  });
  afterAll(async () => ctx?.close());

  it('keeps a practice session going when a release removes the question she stands at and one before it', async () => {
    const student = await user(ctx.app);
    const { id } = await student.api<{ id: string }>('POST', `/session/${LIST}/start-all`);
    for (const q of ['fx-psy-w1', 'fx-psy-w2']) {
      await student.api('POST', `/question-list/${LIST}/save-answer`, { sessionId: id, questionId: q, answerId: `${q}-a1` });
      await student.api('GET', `/session/${id}/next`);
    }
    expect((await student.api<SessionOverview>('GET', `/session/${id}`)).question?.questionId).toBe('fx-psy-w3');

    await release(PSY, (doc) => {
      const list = doc.questionLists.find((l) => l.id === LIST)!;
      list.questions = list.questions.filter((q) => q.id !== 'fx-psy-w1' && q.id !== 'fx-psy-w3');
    });

    // the removed question she stood at is skipped over: she stands at the next one, not one further
    const after = await student.api<SessionOverview>('GET', `/session/${id}`);
    expect(after).toMatchObject({ questionsCount: 2, currentIndex: 1, finished: false });
    expect(after.question?.questionId).toBe('fx-psy-w4');
    // Home's continue card stands at the same question: the second of two, not at the end
    const userId = (await student.api<{ id: string }>('GET', '/user/profile')).id;
    const [card] = await ctx.app.services.questions.openSessions(userId, 5);
    expect(card).toMatchObject({ sessionId: id, currentIndex: 1, questionsCount: 2, progress: 100 });
    expect(after.questions.map((q) => [q.questionId, q.questionIndex])).toEqual([
      ['fx-psy-w2', 0],
      ['fx-psy-w4', 1],
    ]);
    // an answer to the removed question (an app that loaded the session before) is refused in Dutch, not a 500
    const stale = await student.raw('POST', `/question-list/${LIST}/save-answer`, { sessionId: id, questionId: 'fx-psy-w3', answerId: 'fx-psy-w3-a1' });
    expect(stale.statusCode).toBe(404);
    expect(stale.json().error_description).toContain('verwijderd');
    expect((await student.raw('GET', `/session/${id}/question/fx-psy-w3`)).statusCode).toBe(404);

    // back and forth over what is left, then to the results, graded over the two questions left
    expect((await student.api<SessionOverview>('GET', `/session/${id}/previous/0`)).question?.questionId).toBe('fx-psy-w2');
    expect((await student.api<SessionOverview>('GET', `/session/${id}/next`)).question?.questionId).toBe('fx-psy-w4');
    await student.api('POST', `/question-list/${LIST}/save-answer`, { sessionId: id, questionId: 'fx-psy-w4', answerId: 'fx-psy-w4-a2' });
    expect(await student.api('GET', `/session/${id}/next`)).toMatchObject({ finished: true, currentIndex: 2 });
    expect(await student.api<SessionOverview>('GET', `/session/${id}`)).toMatchObject({ finished: true, correctAnswers: 1, wrongAnswers: 1, grade: 5 });
  });

  it('keeps a flashcard session going past a removed card, and the FSRS state of the cards that stayed', async () => {
    const student = await user(ctx.app);
    const schedule = async (cardId: string) =>
      ctx.handle.db.selectFrom('flashcard_schedules').selectAll().where('flashcard_id', '=', cardId).where('subject_id', '=', CARDS).execute();

    // a review: she rates fx-a-1 and fx-a-3
    let review = await student.api<FlashcardSession>('POST', '/flashcard-sessions', { subjectId: CARDS, source: 'review', timeZone: TZ });
    for (const cardId of ['fx-a-1', 'fx-a-3']) {
      const card = review.cards.find((c) => c.flashcardId === cardId)!;
      review = await student.api<FlashcardSession>('POST', `/flashcard-sessions/${review.id}/rate`, {
        position: card.position,
        flashcardId: cardId,
        rating: 3,
        scheduleVersion: card.scheduleVersion,
        durationMs: 1000,
        timeZone: TZ,
      });
    }
    const [kept, changed] = [await schedule('fx-a-1'), await schedule('fx-a-3')];
    expect([kept.length, changed.length]).toEqual([1, 1]);

    // a set session in written order: she knew fx-a-1 and fx-a-2 and stands at fx-a-3
    const set = await student.api<FlashcardSession>('POST', '/flashcard-sessions', { subjectId: CARDS, source: 'set', flashcardSetId: 'fx-set-a', order: 'written' });
    expect(set.cards.map((c) => c.flashcardId)).toEqual(['fx-a-1', 'fx-a-2', 'fx-a-3']);
    await student.api<FlashcardSession>('POST', `/flashcard-sessions/${set.id}/answer`, { position: 0, flashcardId: 'fx-a-1', known: true });
    const atThird = await student.api<FlashcardSession>('POST', `/flashcard-sessions/${set.id}/answer`, { position: 1, flashcardId: 'fx-a-2', known: true });
    expect(atThird.currentIndex).toBe(2);

    // the release removes fx-a-2, before the card she stands at, and corrects the back of fx-a-3
    await release(CARDS, (doc) => {
      const set = doc.flashcardSets.find((s) => s.id === 'fx-set-a')!;
      set.cards = set.cards.filter((c) => c.id !== 'fx-a-2');
      set.cards.find((c) => c.id === 'fx-a-3')!.back = 'Antwoord drie, verbeterd';
    });

    const after = await student.api<FlashcardSession>('GET', `/flashcard-sessions/${set.id}`);
    // she still stands at fx-a-3 (now the second card), not past the end
    expect(after).toMatchObject({ cardCount: 2, currentIndex: 1, knownCount: 1, finished: false });
    expect(after.cards.map((c) => c.flashcardId)).toEqual(['fx-a-1', 'fx-a-3']);
    expect(after.cards[1]!.back.html).toContain('verbeterd');
    // a verdict on the removed card (sent by an app that still shows it) is refused in Dutch, not put on fx-a-3
    const stale = await student.raw('POST', `/flashcard-sessions/${set.id}/answer`, { position: 1, flashcardId: 'fx-a-2', known: true });
    expect(stale.statusCode).toBe(404);
    expect(stale.json().error_description).toContain('verwijderd');
    const done = await student.api<FlashcardSession>('POST', `/flashcard-sessions/${set.id}/answer`, { position: 1, flashcardId: 'fx-a-3', known: false });
    expect(done).toMatchObject({ finished: true, currentIndex: 2, knownCount: 1, unknownCount: 1 });

    // FSRS: the cards that stayed keep their state exactly; the removed card's went with it
    expect(await schedule('fx-a-1')).toEqual(kept);
    expect(await schedule('fx-a-3')).toEqual(changed);
    expect(await schedule('fx-a-2')).toEqual([]);
    // her review session loads without the removed card
    const reviewAfter = await student.api<FlashcardSession>('GET', `/flashcard-sessions/${review.id}`);
    expect(reviewAfter.cards.map((c) => c.flashcardId)).not.toContain('fx-a-2');
    expect(reviewAfter.cards.find((c) => c.flashcardId === 'fx-a-1')).toMatchObject({ rating: 3 });
  });
});
