import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import type { ExamPlan, MockExam, SaveExamPlanBody, SubjectReadiness, TodayPlan } from '@blok/contract';
import type { DialectName } from '@blok/db';
import { importContent } from '../../src/content/importer.ts';
import { createTestApp, signedInUser, type TestApp, type TestContext } from '../helpers.ts';
import { contentIdsInject } from '../questions/support.ts';

/**
 * fx-plan (her study's): chapters fx-plan-h1 (1000 words, priority 1), -h2 (600, 2), -h3 (400, 3);
 * lists fx-plan-lijst-1 (5 questions, h1) and -2 (4, h2), the first answer of each correct
 * (`<question id>-a1`); card sets fx-plan-set-1 (12 cards, h1) and -2 (3, h2). fx-plan-ander: a
 * subject of another study, not in her library.
 */
export const FIXTURE_DIR = join(import.meta.dirname, '..', 'fixtures', 'plan-courses');
export const SUBJECT = 'fx-plan';
export const OTHER_SUBJECT = 'fx-plan-ander';
export const TZ = 'Europe/Amsterdam';

export async function planApp(dialect: DialectName, env: Record<string, string> = {}): Promise<TestContext> {
  const ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000', FSRS_FUZZ: 'false', ...env });
  await importContent(ctx.handle.db, FIXTURE_DIR, { dialect });
  return ctx;
}

/**
 * A describe block's plan app (long-lived tokens, plus `env`) with the clock pinned to `now` (Date
 * only) in every test; `suite.ctx` is the app once beforeAll ran.
 */
export function planSuite(dialect: DialectName, now: Date, env: Record<string, string> = {}): { readonly ctx: TestContext } {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await planApp(dialect, { ACCESS_TOKEN_TTL_SECONDS: '86400', ...env });
  });
  afterAll(async () => ctx?.close());
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });
  afterEach(() => vi.useRealTimers());
  return {
    get ctx() {
      if (!ctx) throw new Error('the plan app is made in beforeAll');
      return ctx;
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const questionIds = (chapter: 1 | 2) => Array.from({ length: chapter === 1 ? 5 : 4 }, (_, i) => `fx-plan-q${chapter}-${i + 1}`);
export const rightAnswer = (questionId: string) => `${questionId}-a1`;
export const wrongAnswer = (questionId: string) => `${questionId}-a2`;

/** A student and a small client for the plan API and the write paths that feed it. */
export async function student(app: TestApp) {
  const { headers, email } = await signedInUser(app);
  const call = (method: Method, url: string, payload?: unknown, extra: Record<string, string> = {}) =>
    contentIdsInject(app)({ method, url, headers: { ...headers, ...extra }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const ok = async <T>(method: Method, url: string, payload?: unknown, status = 200): Promise<T> => {
    const res = await call(method, url, payload, method === 'GET' ? {} : { 'idempotency-key': randomUUID() });
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  };
  return {
    email,
    headers,
    call,
    savePlan: (body: Partial<SaveExamPlanBody>, subjectId = SUBJECT) =>
      ok<ExamPlan>('PUT', `/api/subjects/${subjectId}/exam-plan`, { examDate: null, minutesPerDay: null, studyDays: [1, 2, 3, 4, 5, 6, 7], timeZone: TZ, ...body }),
    removePlan: (subjectId = SUBJECT) => ok<ExamPlan>('DELETE', `/api/subjects/${subjectId}/exam-plan`),
    readiness: (subjectId = SUBJECT) => ok<SubjectReadiness>('GET', `/api/subjects/${subjectId}/readiness?timeZone=${encodeURIComponent(TZ)}`),
    today: () => ok<TodayPlan>('GET', `/api/plan/today?timeZone=${encodeURIComponent(TZ)}`),
    /** Starts a session of all questions of a list and answers them: `right[i]` true answers question i right. */
    async practise(chapter: 1 | 2, right: boolean[]): Promise<string> {
      const listId = `fx-plan-lijst-${chapter}`;
      const { id } = await ok<{ id: string }>('POST', `/api/session/${listId}/start-all`, undefined, 201);
      const ids = questionIds(chapter);
      for (let i = 0; i < right.length; i++) {
        await ok('POST', `/api/question-list/${listId}/save-answer`, { sessionId: id, questionId: ids[i], answerId: right[i] ? rightAnswer(ids[i]!) : wrongAnswer(ids[i]!) });
      }
      return id;
    },
    /** Goes through the set of a chapter with 'Wist ik' for the first `known` cards and 'Wist ik niet' for the rest. */
    async flipCards(chapter: 1 | 2, known: number, count: number) {
      const session = await ok<{ id: string }>('POST', '/api/flashcard-sessions', { subjectId: SUBJECT, source: 'set', flashcardSetId: `fx-plan-set-${chapter}` }, 201);
      for (let i = 0; i < count; i++) await ok('POST', `/api/flashcard-sessions/${session.id}/answer`, { position: i, known: i < known });
    },
    /** Sits a mock exam of `size` questions and hands it in: `right(questionId)` answers a question right. */
    async mockExam(right: (questionId: string) => boolean, size = 5): Promise<MockExam> {
      const exam = await ok<MockExam>('POST', '/api/mock-exams', { subjectId: SUBJECT, questionCount: size }, 201);
      for (const q of exam.questions) {
        await ok('POST', `/api/mock-exams/${exam.id}/answer`, { position: q.position, answerIds: [right(q.questionId) ? rightAnswer(q.questionId) : wrongAnswer(q.questionId)] });
      }
      return ok<MockExam>('POST', `/api/mock-exams/${exam.id}/finish`);
    },
    /** Reads a chapter to its end. */
    read: (chapterId: string) => ok('PUT', `/api/summaries/fx-plan-samenvatting/progress`, { chapterId, position: 1 }),
  };
}

export const chapterOf = (r: SubjectReadiness, number: number) => r.chapters.find((c) => c.number === number)!;
