import { randomInt } from 'node:crypto';
import type { MockExam, MockExamAnswerBody, MockExamAssessBody, MockExamChapterResult, MockExamGrade, MockExamOverview, MockExamQuestion, StartMockExamBody } from '@blok/contract';
import { MAX_ANSWER_SEED, orderAnswers } from '@blok/domain/answer-order';
import { gradeFromScore, isPassing } from '@blok/domain/grade';
import {
  MOCK_EXAM_AWAITING,
  MOCK_EXAM_LIMIT_WINDOW_MS,
  MOCK_EXAM_SECONDS_PER_QUESTION,
  MOCK_EXAMS_PER_DAY,
  MOCK_EXAM_SIZES,
  chapterWeight,
  drawCounts,
  gradeMockExam,
  openQuestionSwap,
  secondsLeft,
  type MockExamResult,
} from '@blok/domain/mock-exam';
import { evaluateSelect } from '@blok/domain/status';
import { gradeResponse, parseSpec } from '@blok/domain/question-types';
import { expectedAnswer, interactionOf, readResponse, shownResponse, storedResponse } from '../questions/rule-answers.ts';
import { AppError } from '../errors.ts';
import { AnswerIds, keyOf, newAnswerKey } from '../questions/answer-ids.ts';
import { contentImageUrl } from '../content/render.ts';
import { keepChanges, type Executor, type UnitOfWork } from '../write/unit-of-work.ts';
import type { MockExamClosedEvent } from '../write/events.ts';
import { MockExamRepository, parseAnswerIds, type MockExamQuestionRow, type MockExamRow } from './repository.ts';

/** How late an answer may arrive and still count: the request in flight when the clock ran out. */
export const DEADLINE_GRACE_MS = 2000;
/** Earlier exams shown on the start screen. */
const RECENT_EXAMS = 10;

/** What a mock exam needs of the library: subjects and their chapters (decision 020). */
export interface MockExamLibrary {
  subjectTitle(id: string): Promise<{ id: string; title: string } | undefined>;
  chaptersOfSubject(subjectId: string): Promise<{ chapters: Array<{ id: string; summaryId: string; title: string; priority: number }> }>;
}

/** What a mock exam needs of the questions feature: the pool and the questions' content. */
export interface MockExamQuestionSource {
  /** the questions of a subject (every type) with their chapter */
  examPool(subjectId: string): Promise<Array<{ id: string; chapter_id: string | null; type: string }>>;
  questionsWithAnswers(ids: string[]): Promise<
    Array<{
      id: string;
      subject_id: string;
      type: string;
      question_text: string;
      picture: string | null;
      feedback_text: string;
      model_answer: string | null;
      /** grows when a release changes the correct answer (decision 029) */
      answer_version: number;
      /** the key of a typed, numeric, ordering, matching or cloze question (issue 40); null for SELECT and OPEN */
      spec: string | null;
      answers: Array<{ id: string; answer_text: string; is_correct: number; pinned: number }>;
    }>
  >;
  /** the current answer_version of these questions; a removed one is absent */
  answerVersions(ids: string[]): Promise<Map<string, number>>;
}

type Content = Awaited<ReturnType<MockExamQuestionSource['questionsWithAnswers']>>[number];

const examNotFound = () => new AppError('not_found', 'Dit proeftentamen bestaat niet.');
const closedError = () => new AppError('mock_exam_closed', 'Dit proeftentamen is gesloten: de tijd is om of je hebt het ingeleverd. Je antwoord is niet meer opgeslagen.');

/**
 * Her answer was given on an earlier version of the question: a release changed its correct answer
 * since (decision 029). Kept and shown, left out of the grade, as in a practice session. Null (not
 * answered, or before versions were kept) counts as current; so does a question removed since.
 */
const isChanged = (row: Pick<MockExamQuestionRow, 'answer_version'>, current: number | undefined): boolean =>
  row.answer_version !== null && current !== undefined && row.answer_version !== current;

/** The grade with `passed`, as the contract sends it. */
const toGrade = (r: MockExamResult): MockExamGrade => ({ ...r, passed: isPassing(r.grade) });
const isOpenQuestion = (content: { type: string } | undefined) => content?.type === 'OPEN';
/** She gave an answer: picks, or a text. */
const isGiven = (row: MockExamQuestionRow) => row.answer_ids !== null || row.text_answer !== null;

/**
 * When she may start her next exam of a subject, given when she started those of the last 24 hours
 * (oldest first): once the oldest that fills the daily limit is a day old; null while she may now.
 */
function nextStart(started: readonly string[]): string | null {
  if (started.length < MOCK_EXAMS_PER_DAY) return null;
  return new Date(Date.parse(started[started.length - MOCK_EXAMS_PER_DAY]!) + MOCK_EXAM_LIMIT_WINDOW_MS).toISOString();
}

/** A uniformly random pick of `n` items (Fisher-Yates over a copy, crypto randomness). */
function pick<T>(items: readonly T[], n: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
}

/** One graded answer given in a closed mock exam, for the studio's item analysis. */
export interface ExamItemAnswer {
  userId: string;
  questionId: string;
  /** 0 wrong, 1 right, 2 partly right */
  status: number;
  /** the picked answers (or an ordering's items, a matching's pairs) in content ids */
  answerIds: string[];
  answeredAt: string;
}

/**
 * Mock exams (proeftentamen, issue 27; decision 022): drawn per chapter by weight, timed by the
 * server, graded on closing. Questions and chapters come from their owners' services.
 */
export class MockExamService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly library: MockExamLibrary,
    private readonly questionSource: MockExamQuestionSource,
    /** the clock; tests pin it */
    private readonly now: () => Date = () => new Date(),
    /** tells who keeps what she knows (the plan and the standing, decisions 035, 047) that an exam closed, in the closing transaction */
    private readonly closed: (tx: Executor, event: MockExamClosedEvent) => Promise<void> = async () => {},
    /** tells them that the grade of a closed exam changed (she assessed an open answer after it closed), in that transaction */
    private readonly regraded: (tx: Executor, event: MockExamClosedEvent) => Promise<void> = async () => {},
  ) {}

  /** Says in the unit of work's transaction that the exam closed (or, `regraded`, that its grade changed after), with the answers that count. */
  private async tellClosed(exam: MockExamRow, at: string, rows: MockExamQuestionRow[], regraded = false): Promise<void> {
    const counted = await this.counted(rows);
    await (regraded ? this.regraded : this.closed)(this.uow.executor, {
      userId: exam.user_id,
      subjectId: exam.subject_id,
      examId: exam.id,
      at,
      answers: counted.map((r) => ({ questionId: r.question_id, chapterId: r.chapter_id, status: r.status })),
    });
  }

  private get repo(): MockExamRepository {
    return new MockExamRepository(this.uow.executor);
  }

  /** The questions that count, each with its status: every one but those changed since she answered. */
  private async counted(rows: MockExamQuestionRow[]): Promise<MockExamQuestionRow[]> {
    const versions = await this.questionSource.answerVersions(rows.map((r) => r.question_id));
    return rows.filter((r) => !isChanged(r, versions.get(r.question_id)));
  }

  /** The exam's grade as it stands: answers to a changed question left out (decision 029). */
  private async grade(rows: MockExamQuestionRow[]): Promise<MockExamResult> {
    return gradeMockExam((await this.counted(rows)).map((r) => r.status));
  }

  // ------------------------------------------------------------------ reading

  async overview(userId: string, subjectId: string): Promise<MockExamOverview> {
    const subject = await this.library.subjectTitle(subjectId);
    if (!subject) throw new AppError('not_found', 'Dit vak bestaat niet.');
    const now = this.now();
    const [pool, recent, started] = await Promise.all([
      this.questionSource.examPool(subjectId),
      this.repo.ofSubject(userId, subjectId, RECENT_EXAMS),
      this.repo.startedSince(userId, subjectId, new Date(now.getTime() - MOCK_EXAM_LIMIT_WINDOW_MS).toISOString()),
    ]);
    // a running exam first (issue 40): she continues it before she can start another
    const exams = [...recent.filter((e) => !this.isClosed(e, now)), ...recent.filter((e) => this.isClosed(e, now))];
    const awaiting = await this.repo.awaitingCounts(exams.map((e) => e.id));
    const summaries = await Promise.all(
      exams.map(async (e) => {
        const closed = this.isClosed(e, now);
        // graded as the exam itself shows it: a release since may have left an answer out
        const score = closed ? (await this.grade(await this.repo.questions(e.id))).score : null;
        return {
          id: e.id,
          startedAt: e.started_at,
          questionCount: e.question_count,
          closed,
          grade: score === null ? null : gradeFromScore(score),
          awaitingAssessment: closed ? (awaiting.get(e.id) ?? 0) : 0,
        };
      }),
    );
    const available = pool.length;
    const sizes = MOCK_EXAM_SIZES.filter((n) => n <= available);
    return {
      subjectId: subject.id,
      subjectTitle: subject.title,
      availableQuestions: available,
      openQuestions: pool.filter((q) => q.type === 'OPEN').length,
      chapterCount: new Set(pool.map((q) => q.chapter_id)).size,
      sizes: sizes.length === 0 && available > 0 ? [MOCK_EXAM_SIZES[0]] : [...sizes],
      secondsPerQuestion: MOCK_EXAM_SECONDS_PER_QUESTION,
      exams: summaries,
      openExamId: exams.find((e) => !this.isClosed(e, now))?.id ?? null,
      dailyLimit: MOCK_EXAMS_PER_DAY,
      startsLeftToday: Math.max(0, MOCK_EXAMS_PER_DAY - started.length),
      nextStartAt: nextStart(started),
    };
  }

  async exam(userId: string, examId: string): Promise<MockExam> {
    const exam = await this.repo.find(examId, userId);
    if (!exam) throw examNotFound();
    return this.view(exam, await this.repo.questions(exam.id));
  }

  // ------------------------------------------------------------------ commands

  /**
   * Draws a new exam: per chapter by weight (priority), at random within a chapter (multiple-choice
   * and open questions alike), chapters in reading order. When nothing drawn is open but a chapter
   * drawn from has an open question, one of its multiple-choice questions makes way for it: an
   * exam has at least one open question when it can (decision 022).
   *
   * One open exam per subject (issue 40): while one runs, starting answers that one, so a second
   * exam can never hand her the answers of the first. At most MOCK_EXAMS_PER_DAY a subject
   * in any 24 hours: the next is 409 mock_exam_limit with when she can start again.
   */
  start(userId: string, body: StartMockExamBody): Promise<MockExam> {
    return this.uow.run(async () => {
      const subject = await this.library.subjectTitle(body.subjectId);
      if (!subject) throw new AppError('not_found', 'Dit vak bestaat niet.');
      const now = this.now();
      await this.repo.lockStarts(userId, subject.id);
      const open = await this.repo.openExam(userId, subject.id, new Date(now.getTime() - DEADLINE_GRACE_MS).toISOString());
      if (open) return this.view(open, await this.repo.questions(open.id));
      const started = await this.repo.startedSince(userId, subject.id, new Date(now.getTime() - MOCK_EXAM_LIMIT_WINDOW_MS).toISOString());
      const next = nextStart(started);
      if (next !== null) {
        const seconds = Math.max(1, Math.ceil((Date.parse(next) - now.getTime()) / 1000));
        const hours = Math.ceil(seconds / 3600);
        throw new AppError(
          'mock_exam_limit',
          `Je hebt vandaag al ${MOCK_EXAMS_PER_DAY} proeftentamens van dit vak gemaakt. Over ${hours === 1 ? 'een uur' : `${hours} uur`} kun je een nieuw proeftentamen starten; oefen tot die tijd met de oefenvragen.`,
          { 'retry-after': String(seconds) },
        );
      }
      const [pool, { chapters }] = await Promise.all([this.questionSource.examPool(subject.id), this.library.chaptersOfSubject(subject.id)]);
      if (pool.length === 0) throw new AppError('conflict', 'Dit vak heeft nog geen vragen voor een proeftentamen.');
      const order = new Map(chapters.map((c, i) => [c.id, i]));
      const priority = new Map(chapters.map((c) => [c.id, c.priority]));
      const byChapter = new Map<string, Array<{ id: string; chapter_id: string | null; type: string }>>();
      for (const q of pool) {
        const key = q.chapter_id ?? '';
        const list = byChapter.get(key);
        if (list) list.push(q);
        else byChapter.set(key, [q]);
      }
      // Chapters in reading order; questions of a list without a (known) chapter last, at medium weight.
      const keys = [...byChapter.keys()].sort((a, b) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity) || a.localeCompare(b));
      const counts = drawCounts(
        keys.map((k) => ({ id: k, weight: chapterWeight(priority.get(k) ?? 2), available: byChapter.get(k)!.length })),
        body.questionCount,
      );
      const picked = keys.flatMap((k) => pick(byChapter.get(k)!, counts.get(k) ?? 0).map((q) => ({ key: k, question: q, open: q.type === 'OPEN' })));
      const openLeft = new Map(keys.map((k) => [k, byChapter.get(k)!.filter((q) => q.type === 'OPEN').length]));
      const swap = openQuestionSwap(picked, openLeft, randomInt(0, 1_000_000));
      if (swap !== undefined) {
        const slot = picked[swap]!;
        const [open] = pick(byChapter.get(slot.key)!.filter((q) => q.type === 'OPEN'), 1);
        picked[swap] = { key: slot.key, question: open!, open: true };
      }
      const drawn = picked.map(({ question: q }) => ({ questionId: q.id, chapterId: q.chapter_id }));
      const startedAt = now;
      const id = await this.repo.create({
        userId,
        subjectId: subject.id,
        timeLimitSeconds: drawn.length * MOCK_EXAM_SECONDS_PER_QUESTION,
        answerSeed: randomInt(1, MAX_ANSWER_SEED + 1),
        answerKey: newAnswerKey(),
        startedAt,
        questions: drawn,
      });
      const exam = (await this.repo.find(id, userId))!;
      return this.view(exam, await this.repo.questions(id));
    });
  }

  /**
   * Stores her picks for one question, or her text for an open one (she may change them while the
   * exam is open). Nothing is evaluated to her until it closes; an open answer waits for her own
   * assessment then (status 4). Past the deadline the answer is refused (409 mock_exam_closed) and
   * the exam closes, graded as it stood.
   */
  answer(userId: string, examId: string, body: MockExamAnswerBody): Promise<MockExamQuestion> {
    return this.uow.run(async () => {
      const exam = await this.repo.find(examId, userId);
      if (!exam) throw examNotFound();
      const rows = await this.repo.questions(exam.id);
      const row = rows[body.position];
      if (!row) throw new AppError('not_found', 'Deze vraag hoort niet bij dit proeftentamen.');
      if (exam.finished_at !== null) throw closedError();
      const now = this.now();
      if (now.getTime() > Date.parse(exam.deadline_at) + DEADLINE_GRACE_MS) {
        if (await this.repo.close(exam.id, exam.deadline_at, (await this.grade(rows)).score)) await this.tellClosed(exam, exam.deadline_at, rows);
        throw keepChanges(closedError());
      }
      const [content] = await this.questionSource.questionsWithAnswers([row.question_id]);
      let status: number;
      let picked: string[] = [];
      let text: string | null = null;
      const spec = parseSpec(content?.spec ?? null);
      if (spec) {
        // typed, numeric, ordering, matching, cloze (issue 40): graded now, shown once closed
        const read = readResponse(spec, body, new AnswerIds(keyOf(exam)), false);
        status = read ? gradeResponse(spec, read.response).status : -1;
        picked = read?.stored.answerIds ?? [];
        text = read?.stored.textAnswer ?? null;
      } else if (body.order !== undefined || body.pairs !== undefined || body.gaps !== undefined) {
        throw new AppError('invalid_request', 'Dit antwoord past niet bij deze vraag.');
      } else if (isOpenQuestion(content)) {
        if (body.answerIds?.length) throw new AppError('invalid_request', 'Bij een open vraag geef je een tekstantwoord.');
        text = body.textAnswer?.trim() || null;
        status = text === null ? -1 : MOCK_EXAM_AWAITING;
      } else {
        if (body.textAnswer !== undefined) throw new AppError('invalid_request', 'Kies bij deze vraag een antwoord.');
        const answers = content?.answers ?? [];
        // the page names answers by the exam's own ids (issue 40): back to the content's
        const mapped = new AnswerIds(keyOf(exam)).toContent([...new Set(body.answerIds ?? [])], answers.map((a) => a.id));
        if (!mapped) throw new AppError('invalid_request', 'Dit antwoord hoort niet bij deze vraag.');
        picked = mapped;
        const correct = answers.filter((a) => a.is_correct === 1).map((a) => a.id);
        if (correct.length <= 1 && picked.length > 1) throw new AppError('invalid_request', 'Bij deze vraag kies je één antwoord.');
        status = picked.length === 0 ? -1 : evaluateSelect(picked, correct);
      }
      // the version she answers: a later change of the correct answer leaves this answer out
      const version = (picked.length || text !== null) && content ? content.answer_version : null;
      if (!(await this.repo.saveAnswer(exam.id, row.position, status, picked, text, now.toISOString(), version))) throw closedError();
      Object.assign(row, { status, answer_ids: picked.length ? JSON.stringify(picked) : null, text_answer: text, answer_version: version });
      return this.question(exam, row, content, false, new AnswerIds(keyOf(exam)));
    });
  }

  /** Hands the exam in: closed and graded. Handing in a closed exam answers it as it is. */
  finish(userId: string, examId: string): Promise<MockExam> {
    return this.uow.run(async () => {
      const exam = await this.repo.find(examId, userId);
      if (!exam) throw examNotFound();
      const rows = await this.repo.questions(exam.id);
      if (exam.finished_at === null) {
        const now = this.now();
        const finishedAt = now.getTime() > Date.parse(exam.deadline_at) ? exam.deadline_at : now.toISOString();
        const score = (await this.grade(rows)).score;
        if (await this.repo.close(exam.id, finishedAt, score)) {
          Object.assign(exam, { finished_at: finishedAt, score });
          await this.tellClosed(exam, finishedAt, rows);
        }
      }
      return this.view(exam, rows);
    });
  }

  /**
   * Her verdict on her open answer at a position, once the exam is closed: it counts in the grade
   * from now on. 409 while the exam is open, for an answer already assessed or an open question
   * she left empty; 400 for a multiple-choice question.
   */
  assess(userId: string, examId: string, body: MockExamAssessBody): Promise<MockExam> {
    return this.uow.run(async () => {
      const exam = await this.repo.find(examId, userId);
      if (!exam) throw examNotFound();
      const rows = await this.repo.questions(exam.id);
      const row = rows[body.position];
      if (!row) throw new AppError('not_found', 'Deze vraag hoort niet bij dit proeftentamen.');
      const now = this.now();
      if (!this.isClosed(exam, now)) throw new AppError('conflict', 'Je beoordeelt je antwoorden pas na het inleveren.');
      const [content] = await this.questionSource.questionsWithAnswers([row.question_id]);
      if (!isOpenQuestion(content)) throw new AppError('invalid_request', 'Alleen een open vraag beoordeel je zelf.');
      if (row.status !== MOCK_EXAM_AWAITING) {
        if (row.text_answer === null) throw new AppError('conflict', 'Deze vraag heb je niet beantwoord; er is niets te beoordelen.');
        throw new AppError('answer_locked', 'Deze vraag is al beoordeeld.');
      }
      const status = body.result === 'goed' ? 1 : 0;
      if (!(await this.repo.assess(exam.id, row.position, status, now.toISOString()))) throw new AppError('answer_locked', 'Deze vraag is al beoordeeld.');
      row.status = status;
      const score = (await this.grade(rows)).score;
      // An exam past its deadline that no call closed yet closes now, at its deadline.
      if (exam.finished_at === null && (await this.repo.close(exam.id, exam.deadline_at, score))) {
        Object.assign(exam, { finished_at: exam.deadline_at });
        await this.tellClosed(exam, exam.deadline_at, rows);
      } else {
        await this.repo.setScore(exam.id, score);
        // its grade per chapter changed after it closed (Voortgang's counts, decision 047)
        await this.tellClosed(exam, exam.finished_at ?? exam.deadline_at, rows, true);
      }
      exam.score = score;
      return this.view(exam, rows);
    });
  }

  // ------------------------------------------------------------------ for other features

  /**
   * Every student's graded answers in closed mock exams of a subject, oldest first, in content ids,
   * those to a question changed since left out (decision 029): the studio's item analysis (issue 40).
   */
  async itemAnswers(subjectId: string): Promise<ExamItemAnswer[]> {
    const rows = await this.repo.closedAnswersOfSubject(subjectId, this.now().toISOString());
    const versions = await this.questionSource.answerVersions(rows.map((r) => r.question_id));
    return rows
      .filter((r) => !isChanged(r, versions.get(r.question_id)))
      .map((r) => ({ userId: r.user_id, questionId: r.question_id, status: r.status, answerIds: parseAnswerIds(r.answer_ids), answeredAt: r.answered_at! }));
  }

  /**
   * Her closed mock exams of a subject, oldest first, each with its answers that count (a question
   * changed since she answered it is left out, decision 029): the standing's counts of Voortgang's
   * grade per chapter. `closed`: the exams a call closed (the standing's one-time build; each later
   * close tells it in its transaction); `expired`: those past their deadline that no call closed yet.
   */
  async closedExams(userId: string, subjectId: string, which: 'closed' | 'expired'): Promise<Array<{ examId: string; at: string; answers: Array<{ chapterId: string | null; status: number }> }>> {
    const rows = await this.repo.closedQuestions(userId, subjectId, which, this.now().toISOString());
    if (rows.length === 0) return [];
    const versions = await this.questionSource.answerVersions(rows.map((r) => r.question_id));
    const exams = new Map<string, { examId: string; at: string; answers: Array<{ chapterId: string | null; status: number }> }>();
    for (const r of rows) {
      let e = exams.get(r.exam_id);
      if (!e) exams.set(r.exam_id, (e = { examId: r.exam_id, at: r.finished_at ?? r.deadline_at, answers: [] }));
      if (!isChanged(r, versions.get(r.question_id))) e.answers.push({ chapterId: r.chapter_id, status: r.status });
    }
    return [...exams.values()];
  }

  /** When she answered mock exam questions of a subject since an instant: the progress page's minutes per day. */
  answerTimes(userId: string, subjectId: string, since: string): Promise<string[]> {
    return this.repo.answerTimes(userId, subjectId, since);
  }

  // ------------------------------------------------------------------ shaping

  private isClosed(exam: MockExamRow, now: Date): boolean {
    return exam.finished_at !== null || now.getTime() > Date.parse(exam.deadline_at) + DEADLINE_GRACE_MS;
  }

  private async view(exam: MockExamRow, rows: MockExamQuestionRow[]): Promise<MockExam> {
    const now = this.now();
    const closed = this.isClosed(exam, now);
    const [subject, contents, { chapters }] = await Promise.all([
      this.library.subjectTitle(exam.subject_id),
      this.questionSource.questionsWithAnswers(rows.map((r) => r.question_id)),
      closed ? this.library.chaptersOfSubject(exam.subject_id) : Promise.resolve({ chapters: [] }),
    ]);
    const byId = new Map(contents.map((c) => [c.id, c]));
    const ids = new AnswerIds(keyOf(exam));
    const counted = rows.filter((r) => !isChanged(r, byId.get(r.question_id)?.answer_version));
    let chapterResults: MockExamChapterResult[] = [];
    if (closed) {
      const order = new Map(chapters.map((c, i) => [c.id, i]));
      const statuses = new Map<string | null, number[]>();
      for (const r of counted) {
        const key = r.chapter_id !== null && order.has(r.chapter_id) ? r.chapter_id : null;
        const list = statuses.get(key);
        if (list) list.push(r.status);
        else statuses.set(key, [r.status]);
      }
      chapterResults = [...statuses]
        .sort(([a], [b]) => (a === null ? Infinity : order.get(a)!) - (b === null ? Infinity : order.get(b)!))
        .map(([chapterId, list]) => {
          const chapter = chapterId === null ? undefined : chapters[order.get(chapterId)!];
          return { chapterId, title: chapter?.title ?? 'Overige vragen', summaryId: chapter?.summaryId ?? null, result: toGrade(gradeMockExam(list)) };
        });
    }
    return {
      id: exam.id,
      subjectId: exam.subject_id,
      subjectTitle: subject?.title ?? '',
      questionCount: exam.question_count,
      timeLimitSeconds: exam.time_limit_seconds,
      startedAt: exam.started_at,
      deadlineAt: exam.deadline_at,
      serverNow: now.toISOString(),
      secondsLeft: closed ? 0 : secondsLeft(exam.deadline_at, now),
      closed,
      finishedAt: exam.finished_at ?? (closed ? exam.deadline_at : null),
      answeredCount: rows.filter(isGiven).length,
      questions: rows.map((r) => this.question(exam, r, byId.get(r.question_id), closed, ids)),
      result: closed ? toGrade(gradeMockExam(counted.map((r) => r.status))) : null,
      chapters: chapterResults,
    };
  }

  /** A question as shown: answers named by the exam's own ids (`ids`, issue 40), never the content's. */
  private question(exam: MockExamRow, row: MockExamQuestionRow, content: Content | undefined, closed: boolean, ids: AnswerIds): MockExamQuestion {
    const show = (id: string) => ids.toShown(id);
    const answers = orderAnswers(content?.answers ?? [], exam.answer_seed, row.question_id, (a) => a.pinned === 1);
    const open = isOpenQuestion(content);
    const spec = parseSpec(content?.spec ?? null);
    const stored = parseAnswerIds(row.answer_ids);
    const response = spec ? storedResponse(spec, stored, row.text_answer) : null;
    return {
      position: row.position,
      questionId: row.question_id,
      chapterId: row.chapter_id,
      type: spec ? spec.type : open ? 'OPEN' : 'SELECT',
      questionText: content?.question_text ?? '',
      pictureUrl: content?.picture ? contentImageUrl(content.subject_id, content.picture) : null,
      multipleAnswers: answers.filter((a) => a.is_correct === 1).length > 1,
      answers: answers.map((a) => ({ id: show(a.id), answerText: a.answer_text, isCorrect: closed ? a.is_correct === 1 : null })),
      pickedAnswerIds: spec ? [] : stored.map(show),
      interaction: spec ? interactionOf(spec, exam.answer_seed, row.question_id, ids) : null,
      response: response ? shownResponse(response, ids) : null,
      expected: spec && closed ? expectedAnswer(spec, response, ids) : null,
      textAnswer: spec ? null : row.text_answer,
      status: closed ? row.status : null,
      changedSinceAnswer: isChanged(row, content?.answer_version),
      feedbackText: closed ? (content?.feedback_text ?? '') : null,
      modelAnswer: closed && open ? (content?.model_answer ?? '') : null,
    };
  }
}
