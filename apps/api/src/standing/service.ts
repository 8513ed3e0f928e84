import type { DialectName, Executor } from '@blok/db';
import type { AnswerEvent, AnswersClearedEvent, MockExamClosedEvent } from '../write/events.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { StandingRepository, type ExamGradeRow, type SessionGradeRow } from './repository.ts';

/** What the standing needs of the questions feature: her judged answers of a subject, for the one-time build. */
export interface StandingPracticeSource {
  /** her answers of the subject that count (wrong, right, partly right; on the question's current version) */
  answers(userId: string, subjectId: string): Promise<Array<{ sessionId: string; chapterId: string | null; status: number }>>;
}

/** A closed mock exam with its answers that count (a question changed since she answered it left out). */
export interface ClosedExam {
  examId: string;
  /** when it closed: handed in, or its deadline */
  at: string;
  answers: ReadonlyArray<{ chapterId: string | null; status: number }>;
}

/** What the standing needs of the mock exams: her closed exams of a subject with their answers that count. */
export interface StandingMockExamSource {
  /** `closed`: those a call closed (the one-time build); `expired`: those past their deadline that no call closed yet */
  closedExams(userId: string, subjectId: string, which: 'closed' | 'expired'): Promise<ClosedExam[]>;
}

/** Her counts of a subject as Voortgang reads them: per practice session and chapter, and per mock exam and chapter. */
export interface StandingCounts {
  sessions: SessionGradeRow[];
  /** her closed mock exams, oldest first, each with its counts per chapter */
  exams: Array<{ examId: string; at: string; chapters: Array<Omit<ExamGradeRow, 'examId' | 'at'>> }>;
}

/** A closed exam's counts per chapter (questions without a chapter are no part of Voortgang). */
function examRows(exam: ClosedExam): ExamGradeRow[] {
  const rows = new Map<string, ExamGradeRow>();
  for (const a of exam.answers) {
    if (a.chapterId === null) continue;
    let row = rows.get(a.chapterId);
    if (!row) rows.set(a.chapterId, (row = { examId: exam.examId, chapterId: a.chapterId, at: exam.at, correct: 0, partial: 0, total: 0 }));
    row.total += 1;
    if (a.status === 1) row.correct += 1;
    if (a.status === 2) row.partial += 1;
  }
  return [...rows.values()];
}

/** Counts an answer of status 0 (wrong), 1 (right) or 2 (partly right); any other status is no part of a grade. */
const counted = (status: number) => status === 0 || status === 1 || status === 2;

/**
 * A release changed or removed questions of a subject (decision 029): every student's counts of it are
 * built again from her history on her next read. For the catalogue's writers without a
 * StandingService at hand (the command-line import, the seed), in their transaction.
 */
export async function forgetStandingBuilds(tx: Executor, subjectId: string, questionIds: readonly string[]): Promise<void> {
  if (questionIds.length > 0) await new StandingRepository(tx).forgetSubjectBuilds(subjectId);
}

/**
 * Where she stands in a subject as the progress page reads it (issue 39, decision 047): her practice
 * answers counted per session and chapter, kept by the questions service's events in the answer's own
 * transaction, and her mock exams' answers counted per exam and chapter, kept in the transaction that
 * closes the exam (and that regrades it: an open answer assessed after), so Voortgang reads these
 * counts instead of all her answers. Readiness and the expected grade are the standing's too
 * (`readiness.ts`, decisions 035, 046), which the plan and the progress page's readiness call read.
 */
export class StandingService {
  /** PostgreSQL runs transactions side by side: the writers lock her subject first. */
  private readonly locks: boolean;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly practice: StandingPracticeSource,
    private readonly mockExams: StandingMockExamSource,
    options: { now?: () => Date; dialect?: DialectName } = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.locks = options.dialect === 'postgres';
  }

  private readonly now: () => Date;

  private async lock(repo: StandingRepository, userId: string, subjectId: string): Promise<void> {
    if (this.locks) await repo.lockSubject(userId, subjectId);
  }

  /**
   * An answer, skip or assessment was stored (the `practice.answered` event, in its transaction). An
   * answer is stored only once per question and session (the question locks), and an open answer
   * counts when she assesses it: each event of status 0, 1 or 2 adds exactly one answer.
   */
  async recordAnswer(tx: Executor, e: AnswerEvent): Promise<void> {
    if (!counted(e.status) || e.chapterId === null) return;
    const repo = new StandingRepository(tx);
    await this.lock(repo, e.userId, e.subjectId);
    const row: SessionGradeRow = { sessionId: e.sessionId, chapterId: e.chapterId, correct: e.status === 1 ? 1 : 0, partial: e.status === 2 ? 1 : 0, answered: 1 };
    await repo.addToGrade(e.userId, e.subjectId, row, this.now().toISOString());
  }

  /** She reset a session or restarted a list (`practice.cleared`, in its transaction): her counts of the subject are built again on her next read. */
  async answersCleared(tx: Executor, e: AnswersClearedEvent): Promise<void> {
    const repo = new StandingRepository(tx);
    await this.lock(repo, e.userId, e.subjectId);
    await repo.forgetBuild(e.userId, e.subjectId);
  }

  /** A release changed or removed these questions (`questions.outdated`, in its transaction). */
  questionsOutdated(tx: Executor, subjectId: string, questionIds: readonly string[]): Promise<void> {
    return forgetStandingBuilds(tx, subjectId, questionIds);
  }

  /**
   * A mock exam closed, or its grade changed after (`mock-exam.closed`, `mock-exam.regraded`, in that
   * transaction): its counts per chapter are set from the answers that count, replacing what was kept.
   */
  async examGraded(tx: Executor, e: MockExamClosedEvent): Promise<void> {
    const repo = new StandingRepository(tx);
    await this.lock(repo, e.userId, e.subjectId);
    await repo.setExamGrades(e.userId, e.subjectId, e.examId, examRows({ examId: e.examId, at: e.at, answers: e.answers }), this.now().toISOString());
  }

  /**
   * Her counts of a subject (built from her history on first use): per practice session and chapter,
   * and per closed mock exam and chapter. An exam past its deadline that no call closed yet was closed
   * in no transaction: it is counted here, from its answers (few: one runs at a time per subject),
   * until a call closes it and its counts are kept. It is read before the kept counts, so an exam
   * closed in between is in those (and counted once).
   */
  async counts(userId: string, subjectId: string): Promise<StandingCounts> {
    const [, expired] = await Promise.all([this.ensureBuilt(userId, subjectId), this.mockExams.closedExams(userId, subjectId, 'expired')]);
    const repo = new StandingRepository(this.uow.executor);
    const [sessions, kept] = await Promise.all([repo.grades(userId, subjectId), repo.examGrades(userId, subjectId)]);
    const keptIds = new Set(kept.map((r) => r.examId));
    const exams = new Map<string, StandingCounts['exams'][number]>();
    for (const row of [...kept, ...expired.filter((e) => !keptIds.has(e.examId)).flatMap(examRows)]) {
      let exam = exams.get(row.examId);
      if (!exam) exams.set(row.examId, (exam = { examId: row.examId, at: row.at, chapters: [] }));
      exam.chapters.push({ chapterId: row.chapterId, correct: row.correct, partial: row.partial, total: row.total });
    }
    return { sessions, exams: [...exams.values()].sort((a, b) => a.at.localeCompare(b.at) || a.examId.localeCompare(b.examId)) };
  }

  /**
   * Builds a subject's counts from her history, once (students from before decision 047, or after a
   * reset or a release). Idempotent: it claims its row in `standing_builds` in the same transaction,
   * so two requests never both build it, and clears what was counted before. It holds her lock (as the
   * answer hook does) from before it clears to its commit: an answer committed before it is in the
   * history it reads, one after it adds to what it built.
   */
  async ensureBuilt(userId: string, subjectId: string): Promise<void> {
    if (await new StandingRepository(this.uow.executor).isBuilt(userId, subjectId)) return;
    await this.uow.run(async (tx) => {
      const repo = new StandingRepository(tx);
      await this.lock(repo, userId, subjectId);
      const nowIso = this.now().toISOString();
      if (!(await repo.claimBuild(userId, subjectId, nowIso))) return;
      await repo.clearSubject(userId, subjectId);
      await repo.clearExamGrades(userId, subjectId);
      for (const exam of await this.mockExams.closedExams(userId, subjectId, 'closed')) await repo.setExamGrades(userId, subjectId, exam.examId, examRows(exam), nowIso);
      const counts = new Map<string, SessionGradeRow>();
      for (const a of await this.practice.answers(userId, subjectId)) {
        if (a.chapterId === null || !counted(a.status)) continue;
        const key = `${a.sessionId}\u0000${a.chapterId}`;
        let row = counts.get(key);
        if (!row) counts.set(key, (row = { sessionId: a.sessionId, chapterId: a.chapterId, correct: 0, partial: 0, answered: 0 }));
        row.answered += 1;
        if (a.status === 1) row.correct += 1;
        if (a.status === 2) row.partial += 1;
      }
      for (const row of counts.values()) await repo.addToGrade(userId, subjectId, row, nowIso);
    });
  }
}
