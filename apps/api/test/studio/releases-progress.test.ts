import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlashcardOverview, FlashcardSession, QuestionListsResponse, SessionOverview, StudioDocument, StudioDraft, StudioRelease, SubjectReadiness } from '@blok/contract';
import { importContent } from '../../src/content/importer.ts';
import { DIALECTS, createTestApp, signedInUser, type TestApp, type TestContext } from '../helpers.ts';
import { contentIdsInject } from '../questions/support.ts';

/** fx-psychologie: list fx-psy-vragen-h1 with fx-psy-v1 (SELECT, a1 correct) and fx-psy-v2 (OPEN). */
const LIBRARY_DIR = join(import.meta.dirname, '..', 'fixtures', 'library-courses');
const SUBJECT = 'fx-psychologie';
const LIST = 'fx-psy-vragen-h1';
/** fx-kaarten: set fx-set-a (fx-a-1..3) and fx-set-b (fx-b-1, fx-b-2). */
const CARDS_DIR = join(import.meta.dirname, '..', 'fixtures', 'flashcards-courses');
const CARDS = 'fx-kaarten';
const TZ = 'Europe/Amsterdam';

type Method = 'GET' | 'POST' | 'PUT';

async function user(app: TestApp) {
  const u = await signedInUser(app);
  const api = <T = unknown>(method: Method, url: string, payload?: unknown) =>
    contentIdsInject(app)({ method, url: `/api${url}`, headers: u.headers, ...(payload === undefined ? {} : { payload: payload as object }) }).then((res) => {
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res.json() as T;
    });
  return { ...u, api };
}

describe.each(DIALECTS)('progress across studio releases on %s', (dialect) => {
  let ctx: TestContext;
  let editor: Awaited<ReturnType<typeof user>>;

  /** An editor saves, submits and publishes the document made by `change` from the current one. */
  async function release(change: (doc: StudioDocument) => void, subjectId = SUBJECT): Promise<void> {
    const doc = (await editor.api<StudioDraft>('GET', `/studio/subjects/${subjectId}/draft`)).document;
    change(doc);
    const saved = await editor.api<StudioDraft>('PUT', `/studio/subjects/${subjectId}/draft`, { document: doc });
    expect(saved.problems).toEqual([]);
    await editor.api('POST', `/studio/subjects/${subjectId}/submit`);
    await editor.api('POST', `/studio/subjects/${subjectId}/publish`);
  }

  beforeAll(async () => {
    ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000', LEITNER_ENABLED: 'true', FSRS_FUZZ: 'false' });
    await importContent(ctx.handle.db, LIBRARY_DIR, { dialect });
    await importContent(ctx.handle.db, CARDS_DIR, { dialect });
    editor = await user(ctx.app);
    await ctx.app.services.studio.setRole(null, editor.email, 'editor');
  });
  afterAll(async () => ctx?.close());

  it('leaves an answer given before the correct answer changed out of the grade, the score and the progress, and says so', async () => {
    const student = await user(ctx.app);
    const { id: sessionId } = await student.api<{ id: string }>('POST', `/session/${LIST}/start-all`);
    await student.api('POST', `/question-list/${LIST}/save-answer`, { sessionId, questionId: 'fx-psy-v1', answerId: 'fx-psy-v1-a1' });
    await student.api('POST', `/question-list/${LIST}/save-answer`, { sessionId, questionId: 'fx-psy-v2', textAnswer: 'Geen idee' });
    await student.api('POST', `/session/${sessionId}/assess`, { questionId: 'fx-psy-v2', result: 'fout' });
    await student.api('GET', `/session/${sessionId}/next`);
    await student.api('GET', `/session/${sessionId}/next`);
    const before = await student.api<SessionOverview>('GET', `/session/${sessionId}`);
    expect(before).toMatchObject({ finished: true, correctAnswers: 1, wrongAnswers: 1, changedAnswers: 0, score: 50, grade: 5 });
    const listBefore = (await student.api<QuestionListsResponse>('GET', `/question-lists?subjectId=${SUBJECT}`)).questionLists.find((l) => l.id === LIST);
    expect(listBefore).toMatchObject({ progress: 100, score: 50 });
    // Voortgang read before the release: its counts are built (decision 047), the release must make them count again
    const progressBefore = await student.api<{ grades: Array<{ source: string; grade: number; questions: number }> }>('GET', `/subjects/${SUBJECT}/progress`);
    expect(progressBefore.grades.filter((g) => g.source === 'practice')).toEqual([expect.objectContaining({ grade: 5, questions: 2 })]);

    // a correction of the wording only: her answer still counts
    await release((doc) => {
      doc.questionLists[0]!.questions[0]!.text = 'Wat bestudeert de psychologie eigenlijk?';
    });
    expect(await student.api<SessionOverview>('GET', `/session/${sessionId}`)).toMatchObject({ changedAnswers: 0, grade: 5 });

    // the correct answer changes: her right answer to the old version counts for nothing now
    await release((doc) => {
      const q = doc.questionLists[0]!.questions[0]!;
      q.answers[0]!.correct = false;
      q.answers[1]!.correct = true;
    });
    const after = await student.api<SessionOverview>('GET', `/session/${sessionId}`);
    expect(after).toMatchObject({ correctAnswers: 0, wrongAnswers: 1, changedAnswers: 1, score: 0, grade: 1 });
    const v1 = after.questions.find((q) => q.questionId === 'fx-psy-v1')!;
    expect(v1).toMatchObject({ changedSinceAnswer: true, userAnswerId: 'fx-psy-v1-a1', questionText: 'Wat bestudeert de psychologie eigenlijk?' });
    expect(after.questions.find((q) => q.questionId === 'fx-psy-v2')!.changedSinceAnswer).toBe(false);
    const listAfter = (await student.api<QuestionListsResponse>('GET', `/question-lists?subjectId=${SUBJECT}`)).questionLists.find((l) => l.id === LIST);
    expect(listAfter).toMatchObject({ progress: 50, score: 0 });

    // the progress page's grade per chapter leaves it out too
    const progress = await student.api<{ grades: Array<{ source: string; grade: number; questions: number }> }>('GET', `/subjects/${SUBJECT}/progress`);
    expect(progress.grades.filter((g) => g.source === 'practice')).toEqual([expect.objectContaining({ grade: 1, questions: 1 })]);

    // a new round answers the new version, and that answer counts
    const { id: again } = await student.api<{ id: string }>('POST', `/session/${LIST}/start-all`);
    const answered = await student.api<{ isCorrect: number; changedSinceAnswer: boolean }>('POST', `/question-list/${LIST}/save-answer`, {
      sessionId: again,
      questionId: 'fx-psy-v1',
      answerId: 'fx-psy-v1-a2',
    });
    expect(answered).toMatchObject({ isCorrect: 1, changedSinceAnswer: false });
    expect(await student.api<SessionOverview>('GET', `/session/${again}`)).toMatchObject({ correctAnswers: 1, changedAnswers: 0 });
  });

  it('keeps the FSRS state of the cards a release of an edited set leaves unchanged, and lists what changed', async () => {
    const student = await user(ctx.app);
    const schedule = (cardId: string) => ctx.handle.db.selectFrom('flashcard_schedules').selectAll().where('flashcard_id', '=', cardId).execute();
    let review = await student.api<FlashcardSession>('POST', '/flashcard-sessions', { subjectId: CARDS, source: 'review', timeZone: TZ });
    for (const cardId of ['fx-a-1', 'fx-a-2', 'fx-a-3']) {
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
    const before = Object.fromEntries(await Promise.all(['fx-a-1', 'fx-a-2', 'fx-a-3'].map(async (id) => [id, await schedule(id)] as const)));
    expect(Object.values(before).map((rows) => rows.length)).toEqual([1, 1, 1]);

    // the set is renamed, its cards reordered, one corrected, one added and one removed; a new set comes with two cards
    await release((doc) => {
      const set = doc.flashcardSets.find((x) => x.id === 'fx-set-a')!;
      set.title = 'Flashcards H1: kernbegrippen';
      const [one, , three] = set.cards;
      three!.back = 'Antwoord drie, verbeterd';
      set.cards = [three!, one!, { id: 'fx-a-4', front: 'Wat is **opportuniteitskosten**?', back: 'Wat je opgeeft voor je keuze.' }];
      doc.flashcardSets.unshift({
        id: 'fx-set-c',
        title: 'Flashcards H3: nieuw',
        description: 'Twee nieuwe kaarten.',
        chapter: 'fx-kaarten-h1',
        cards: [
          { id: 'fx-c-1', front: 'Voorkant een', back: 'Achterkant een' },
          { id: 'fx-c-2', front: 'Voorkant twee', back: 'Achterkant twee' },
        ],
      });
    }, CARDS);

    // unchanged (and corrected) cards keep their FSRS state exactly; the removed card's went with it
    expect(await schedule('fx-a-1')).toEqual(before['fx-a-1']);
    expect(await schedule('fx-a-3')).toEqual(before['fx-a-3']);
    expect(await schedule('fx-a-2')).toEqual([]);
    const [latest] = (await editor.api<{ releases: StudioRelease[] }>('GET', `/studio/subjects/${CARDS}/releases`)).releases;
    expect(latest!.changes).toEqual([
      'Flashcardset toegevoegd: Flashcards H3: nieuw',
      'Flashcardset hernoemd: Flashcards H1: kernbegrippen',
      '3 flashcards toegevoegd',
      '1 flashcard verbeterd',
      '1 flashcard verwijderd',
    ]);

    // the student sees the sets in the document's order, with the cards in their new order
    const sets = await student.api<FlashcardOverview>('GET', `/flashcard-sets?subjectId=${CARDS}`);
    expect(sets.sets.map((x) => [x.id, x.title, x.cardCount])).toEqual([
      ['fx-set-c', 'Flashcards H3: nieuw', 2],
      ['fx-set-a', 'Flashcards H1: kernbegrippen', 3],
      ['fx-set-b', 'Flashcards H2: toepassingen', 2],
    ]);
    const session = await student.api<FlashcardSession>('POST', '/flashcard-sessions', { subjectId: CARDS, source: 'set', flashcardSetId: 'fx-set-a', order: 'written' });
    expect(session.cards.map((c) => c.flashcardId)).toEqual(['fx-a-3', 'fx-a-1', 'fx-a-4']);
    expect(session.cards[0]!.back.html).toContain('verbeterd');
    // the studio's draft reads back what was published, card for card
    const draft = await editor.api<StudioDraft>('GET', `/studio/subjects/${CARDS}/draft`);
    expect(draft.document.flashcardSets.map((x) => x.id)).toEqual(['fx-set-c', 'fx-set-a', 'fx-set-b']);
    expect(draft.document.flashcardSets[1]!.cards.map((c) => c.id)).toEqual(['fx-a-3', 'fx-a-1', 'fx-a-4']);
  });

  it('leaves answers to a changed or removed question out of the plan\'s readiness, as out of the grade', async () => {
    // a release of this test's own: the key of fx-psy-v1 as it stands now
    const doc = (await editor.api<StudioDraft>('GET', `/studio/subjects/${SUBJECT}/draft`)).document;
    const v1 = doc.questionLists[0]!.questions[0]!;
    const right = `fx-psy-v1-${v1.answers.find((a) => a.correct)!.id}`;
    const student = await user(ctx.app);
    const { id: sessionId } = await student.api<{ id: string }>('POST', `/session/${LIST}/start-all`);
    await student.api('POST', `/question-list/${LIST}/save-answer`, { sessionId, questionId: 'fx-psy-v1', answerId: right });
    await student.api('POST', `/question-list/${LIST}/save-answer`, { sessionId, questionId: 'fx-psy-v2', textAnswer: 'Het gedrag en de geest.' });
    await student.api('POST', `/session/${sessionId}/assess`, { questionId: 'fx-psy-v2', result: 'goed' });
    const chapter = async () => (await student.api<SubjectReadiness>('GET', `/subjects/${SUBJECT}/readiness`)).chapters.find((c) => c.chapterId === 'fx-psy-h1')!;
    const before = await chapter();
    expect(before).toMatchObject({ questionsAnswered: 2, questionsCorrect: 2 });

    // the key of v1 changes: her right answer to the old version leaves the readiness too
    await release((d) => {
      const q = d.questionLists[0]!.questions[0]!;
      const was = q.answers.findIndex((a) => a.correct);
      for (const a of q.answers) a.correct = false;
      q.answers[(was + 1) % q.answers.length]!.correct = true;
    });
    const changed = await chapter();
    expect(changed).toMatchObject({ questionsAnswered: 1, questionsCorrect: 1 });
    expect(changed.readiness!).toBeLessThan(before.readiness!);
    // and the session's grade agrees: one answer counts
    expect(await student.api<SessionOverview>('GET', `/session/${sessionId}`)).toMatchObject({ changedAnswers: 1, correctAnswers: 1 });

    // a new answer after the release adds to the rebuilt aggregates, once
    const { id: again } = await student.api<{ id: string }>('POST', `/session/${LIST}/start-all`);
    const now = (await editor.api<StudioDraft>('GET', `/studio/subjects/${SUBJECT}/draft`)).document.questionLists[0]!.questions[0]!;
    await student.api('POST', `/question-list/${LIST}/save-answer`, { sessionId: again, questionId: 'fx-psy-v1', answerId: `fx-psy-v1-${now.answers.find((a) => a.correct)!.id}` });
    expect(await chapter()).toMatchObject({ questionsAnswered: 2, questionsCorrect: 2 });

    // v2 is removed: her assessed answer to it leaves the readiness
    await release((d) => {
      d.questionLists[0]!.questions = d.questionLists[0]!.questions.filter((q) => q.id !== 'fx-psy-v2');
    });
    expect(await chapter()).toMatchObject({ questionsAnswered: 1, questionsCorrect: 1 });
    // a student who never answered these questions keeps her aggregates (nothing to rebuild)
    const other = await user(ctx.app);
    expect((await other.api<SubjectReadiness>('GET', `/subjects/${SUBJECT}/readiness`)).chapters.find((c) => c.chapterId === 'fx-psy-h1')).toMatchObject({ questionsAnswered: 0 });
  });

  it('follows a question a release moves to another chapter without changing its answer, on Voortgang and in the readiness', async () => {
    // fx-psy-v1 as the releases before left it (its key changed, fx-psy-v2 removed): answered right
    const doc = (await editor.api<StudioDraft>('GET', `/studio/subjects/${SUBJECT}/draft`)).document;
    const v1 = doc.questionLists[0]!.questions.find((q) => q.id === 'fx-psy-v1')!;
    const student = await user(ctx.app);
    const { id: sessionId } = await student.api<{ id: string }>('POST', `/session/${LIST}/start-all`);
    await student.api('POST', `/question-list/${LIST}/save-answer`, { sessionId, questionId: 'fx-psy-v1', answerId: `fx-psy-v1-${v1.answers.find((a) => a.correct)!.id}` });
    const practice = async () =>
      (await student.api<{ grades: Array<{ source: string; chapterId: string; grade: number; questions: number }> }>('GET', `/subjects/${SUBJECT}/progress?timeZone=${encodeURIComponent(TZ)}`)).grades
        .filter((g) => g.source === 'practice')
        .map((g) => [g.chapterId, g.grade, g.questions]);
    const answered = async () =>
      (await student.api<SubjectReadiness>('GET', `/subjects/${SUBJECT}/readiness`)).chapters.filter((c) => c.questionsAnswered > 0).map((c) => [c.chapterId, c.questionsAnswered]);
    // read before the release: her counts are built, and must follow the move
    expect(await practice()).toEqual([['fx-psy-h1', 10, 1]]);
    expect(await answered()).toEqual([['fx-psy-h1', 1]]);

    // the question moves to a new list of chapter 2, its answers unchanged (a new one takes its place)
    await release((d) => {
      const list = d.questionLists[0]!;
      const moved = list.questions.find((q) => q.id === 'fx-psy-v1')!;
      list.questions = [...list.questions.filter((q) => q.id !== 'fx-psy-v1'), { ...structuredClone(moved), id: 'fx-psy-v3', text: 'Een nieuwe vraag over psychologie.' }];
      d.questionLists.push({ id: 'fx-psy-vragen-h2', title: 'Vragen geheugen', description: 'Vragen bij hoofdstuk 2.', answerDisplaying: 2, recommendedQuestions: 1, chapter: 'fx-psy-h2', questions: [moved] });
    });
    // her answer still counts (its answer did not change), now in chapter 2
    expect(await student.api<SessionOverview>('GET', `/session/${sessionId}`)).toMatchObject({ changedAnswers: 0, correctAnswers: 1 });
    expect(await practice()).toEqual([['fx-psy-h2', 10, 1]]);
    expect(await answered()).toEqual([['fx-psy-h2', 1]]);
  });
});
