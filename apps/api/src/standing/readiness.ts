import { predictRight, priorDifficulty, updateDifficulty } from '@blok/domain/rasch';
import { calibrate, type Calibration } from '@blok/domain/calibration';
import { gradeMockExam, MOCK_EXAM_AWAITING } from '@blok/domain/mock-exam';
import { chapterAbility, subjectStanding, type ChapterEvidence, type EvidenceItem, type SubjectStanding } from '@blok/domain/standing';
import type { EvidenceSource } from '@blok/domain/evidence';
import type { Executor } from '@blok/db';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import type { AnswerEvent, CardEvent, MockExamClosedEvent } from '../write/events.ts';
import { StandingRepository, type EvidenceMark, type MarkRow } from './repository.ts';

/** A chapter of a subject as readiness needs it: its priority, and its own question list (content field). */
export interface ReadinessChapter {
  id: string;
  priority: number;
  questionListId: string | null;
}

/** A question list of a subject with its chapter and size. */
export interface ReadinessList {
  id: string;
  chapter_id: string | null;
  total_questions: number;
}

/** What readiness needs of the library and the questions feature (decision 020): a subject's chapters in reading order, and its lists. */
export interface ReadinessSources {
  chaptersOf(subjectId: string): Promise<ReadinessChapter[]>;
  listsOfSubject(subjectId: string): Promise<ReadinessList[]>;
}

/** What her latest answer to an item was before this one (the plan's aggregates replace its value). */
export interface MarkBefore {
  state: number;
  previousState: number | null;
  sessionId: string | null;
}

/** Her history of a subject as the plan's backfill read it once: what her marks are made again from. */
export interface MarkHistory {
  /** every status she gave a question of the subject, oldest first */
  answers: ReadonlyArray<{ questionId: string; chapterId: string | null; sessionId: string; status: number }>;
  /** her latest verdict and FSRS state per card of the subject */
  cards: ReadonlyArray<{ flashcardId: string; chapterId: string | null; known: boolean | null; stability: number | null; lastReview: string | null }>;
}

/** When a write happened, as the plan's hook saw it: the instant, and her local date (her exam plan's time zone), read only when needed. */
export interface WriteTime {
  nowIso: string;
  date(): Promise<string>;
}

/** Her evidence of a subject as read (her latest answer per item) and the subject's learnt difficulties. */
export interface SubjectEvidence {
  marks: EvidenceMark[];
  difficulties: Array<{ kind: string; item_id: string; chapter_id: string; difficulty: number }>;
}

const DAY_MS = 86_400_000;
/** The studio's calibration reads at most this many of a subject's latest mock exams. */
const CALIBRATION_LIMIT = 5000;

/** Per chapter: the questions of its lists (an exam draws from them). */
export const questionCountsOf = (chapters: readonly ReadinessChapter[], lists: readonly ReadinessList[]) =>
  chapters.map((c) => lists.filter((l) => l.chapter_id === c.id || (l.chapter_id === null && l.id === c.questionListId)).reduce((sum, l) => sum + l.total_questions, 0));

/** A practice answer's score as evidence, or null when it is none (a skip, an answer waiting for her assessment, one the app did not judge). */
function practiceScore(e: Pick<AnswerEvent, 'status' | 'score' | 'graded'>): number | null {
  if (e.graded === false) return null;
  if (e.status !== 0 && e.status !== 1 && e.status !== 2) return null;
  return e.score ?? (e.status === 1 ? 1 : e.status === 2 ? 0.5 : 0);
}

/** Which kind of item a mark's evidence is about (a mock exam answer is one to a question). */
const itemKind = (kind: MarkRow['kind']) => (kind === 'card' ? 'card' : 'question');

/**
 * The students with a practice mark on one of these questions of a subject, as a subquery on `db`:
 * the plan forgets their backfills in one statement when a release outdates the questions.
 */
export const studentsMarkedOn = (db: Executor, subjectId: string, questionIds: readonly string[]) => new StandingRepository(db).studentsMarkedOn(subjectId, questionIds);

/**
 * Readiness and the expected grade (issue 39, decisions 035, 046), part of where she stands: her
 * latest answer per item as evidence (`plan_marks`), every item's difficulty learnt from everyone's
 * first answers (`item_difficulties`), her expected grade per day (`standing_days`) and what it
 * predicted of each mock exam (`mock_exam_predictions`), fed through `@blok/domain/standing`.
 *
 * The plan's hooks hand it each answer, card verdict and closed mock exam in the writer's unit of
 * work (with her local date, which her exam plan's time zone sets), because the plan's aggregates
 * replace the value of her answer before; its backfill makes the marks again from the history it
 * reads. These writes run under her plan lock, which the caller holds. The plan (subject page,
 * Voortgang's readiness call, Home), the reminders through the plan, and the studio read it here.
 */
export class ReadinessService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly sources: ReadinessSources,
  ) {}

  private get repo(): StandingRepository {
    return new StandingRepository(this.uow.executor);
  }

  // ------------------------------------------------------------------ reads

  /** Her evidence of a subject and its difficulties (two reads: at most the subject's items, whatever her history). */
  async evidenceOf(userId: string, subjectId: string): Promise<SubjectEvidence> {
    const repo = this.repo;
    const [marks, difficulties] = await Promise.all([repo.evidenceMarks(userId, subjectId), repo.difficulties(subjectId)]);
    return { marks, difficulties };
  }

  /**
   * What she knows per chapter and the grade she can expect (@blok/domain/standing, decision 035),
   * from her latest answer per item and the items' current difficulties: a question nobody answered
   * yet has its prior difficulty (its chapter's priority).
   */
  estimate(evidence: SubjectEvidence, chapters: ReadonlyArray<Pick<ReadinessChapter, 'id' | 'priority'>>, questionCounts: readonly number[], nowMs: number): SubjectStanding {
    return subjectStanding(chapterEvidence(chapters, questionCounts, evidence.marks, evidence.difficulties, nowMs));
  }

  /** Her cards of a subject with their FSRS state (the plan's retention per chapter). */
  cardStates(userId: string, subjectId: string) {
    return this.repo.cardMarks(userId, subjectId);
  }

  /** Her expected grade per day of a subject from `fromDate` on, oldest first (Voortgang's line). */
  history(userId: string, subjectId: string, fromDate: string) {
    return this.repo.standingDays(userId, subjectId, fromDate);
  }

  /** The studio's calibration of a subject (its editors and admins; the studio checks who asks): predicted against achieved mock exam grades. */
  async calibration(subjectId: string): Promise<Calibration & { students: number }> {
    const rows = await this.repo.predictionsOf(subjectId, CALIBRATION_LIMIT);
    return {
      ...calibrate(rows.map((r) => ({ predicted: r.predicted, low: r.low, high: r.high, achieved: r.achieved, questions: r.questions, brierSum: r.brier_sum }))),
      students: new Set(rows.map((r) => r.user_id)).size,
    };
  }

  // ------------------------------------------------------------------ the writes (in the writer's transaction, under her plan lock)

  /**
   * A practice answer, skip or assessment was stored: her latest answer to the question becomes its
   * mark (an answer in a new session keeps the one before as `previous_state`). As evidence: her
   * latest judged answer; a skip or an answer waiting for her own assessment keeps what her earlier
   * answer showed. Her first judged answer teaches the question's difficulty, and a judged answer
   * writes her day's expected grade. Answers the mark before and the status before this session's.
   */
  async recordAnswer(tx: Executor, e: AnswerEvent, time: WriteTime): Promise<{ before: MarkBefore | null; previous: number | null }> {
    const repo = new StandingRepository(tx);
    const { nowIso } = time;
    const mark = await repo.findMark(e.userId, 'question', e.questionId);
    const sameSession = mark?.session_id === e.sessionId;
    const previous = mark ? (sameSession ? mark.previous_state : mark.state) : null;
    const score = practiceScore(e);
    if (score !== null && e.chapterId && !mark?.source) await this.learnDifficulty(repo, { ...e, chapterId: e.chapterId }, 'question', e.questionId, score, nowIso);
    await repo.saveMark({
      user_id: e.userId,
      kind: 'question',
      item_id: e.questionId,
      subject_id: e.subjectId,
      chapter_id: e.chapterId ?? '',
      session_id: e.sessionId,
      state: e.status,
      previous_state: previous,
      stability: null,
      last_review: null,
      source: score !== null ? 'practice' : (mark?.source ?? null),
      score: score ?? mark?.score ?? null,
      updated_at: score !== null || !mark ? nowIso : mark.updated_at,
    });
    if (score !== null && e.chapterId) await this.recordStanding(repo, e.userId, e.subjectId, time);
    return { before: mark ? { state: mark.state, previousState: mark.previous_state, sessionId: mark.session_id } : null, previous };
  }

  /**
   * A card verdict ('Wist ik' / 'Wist ik niet', an FSRS rating, or a typed or checked answer) was
   * stored. A typed or checked answer the app judged is graded evidence (its first one teaches the
   * card's difficulty, and it writes her day's expected grade); her own verdict is self-report.
   * Answers the card's state before (1 known, 0 not), or null for her first verdict.
   */
  async recordCard(tx: Executor, e: CardEvent, time: WriteTime): Promise<{ before: number | null }> {
    const repo = new StandingRepository(tx);
    const { nowIso } = time;
    const mark = await repo.findMark(e.userId, 'card', e.flashcardId);
    const state = e.known ? 1 : 0;
    const source: EvidenceSource = e.score !== undefined ? 'card-typed' : 'self-report';
    const score = e.score !== undefined ? Math.min(1, Math.max(0, e.score)) : state;
    if (source === 'card-typed' && e.chapterId && mark?.source !== 'card-typed') await this.learnDifficulty(repo, { ...e, chapterId: e.chapterId }, 'card', e.flashcardId, score, nowIso);
    await repo.saveMark({
      user_id: e.userId,
      kind: 'card',
      item_id: e.flashcardId,
      subject_id: e.subjectId,
      chapter_id: e.chapterId ?? '',
      session_id: null,
      state,
      previous_state: mark?.state ?? null,
      stability: e.fsrs?.stability ?? mark?.stability ?? null,
      last_review: e.fsrs?.lastReview ?? mark?.last_review ?? null,
      source,
      score,
      updated_at: nowIso,
    });
    if (source === 'card-typed' && e.chapterId) await this.recordStanding(repo, e.userId, e.subjectId, time);
    return { before: mark ? mark.state : null };
  }

  /**
   * A mock exam closed (handed in, or at its deadline), in the transaction that closed it. First what
   * was predicted of it (the studio's calibration); then each answer the app judged becomes her
   * latest mock exam answer to that question, strong evidence (decision 035); an unanswered question
   * or an open answer she assesses herself is none. A question she never answered before teaches its
   * difficulty.
   */
  async recordMockExam(tx: Executor, e: MockExamClosedEvent, time: WriteTime): Promise<void> {
    const repo = new StandingRepository(tx);
    const { nowIso } = time;
    await this.recordPrediction(repo, e);
    let judged = false;
    for (const a of e.answers) {
      const score = practiceScore({ status: a.status });
      if (score === null || !a.chapterId) continue;
      judged = true;
      const [practised, earlier] = await Promise.all([repo.findMark(e.userId, 'question', a.questionId), repo.findMark(e.userId, 'mock', a.questionId)]);
      if (!practised?.source && !earlier?.source) await this.learnDifficulty(repo, { ...e, chapterId: a.chapterId }, 'question', a.questionId, score, nowIso);
      await repo.saveMark({
        user_id: e.userId,
        kind: 'mock',
        item_id: a.questionId,
        subject_id: e.subjectId,
        chapter_id: a.chapterId,
        session_id: e.examId,
        state: a.status,
        previous_state: earlier?.state ?? null,
        stability: null,
        last_review: null,
        source: 'mock-exam',
        score,
        updated_at: e.at,
      });
    }
    if (judged) await this.recordStanding(repo, e.userId, e.subjectId, time);
  }

  /**
   * The plan's backfill of a subject (in its transaction): her marks made again from the history it
   * read. Per question her latest session's status and the one before; as evidence her latest judged
   * answer (its time is not in the history, so it counts as now). Per card her latest verdict (self
   * report, from its review time). Her mock exam answers (kind 'mock', kept from their events only) stay.
   */
  async rebuildMarks(tx: Executor, userId: string, subjectId: string, history: MarkHistory, nowIso: string): Promise<void> {
    const repo = new StandingRepository(tx);
    await repo.clearMarks(userId, subjectId);
    const byQuestion = new Map<string, { chapterId: string | null; sessions: Array<{ sessionId: string; status: number }> }>();
    for (const h of history.answers) {
      const q = byQuestion.get(h.questionId) ?? { chapterId: h.chapterId, sessions: [] };
      const last = q.sessions[q.sessions.length - 1];
      if (last?.sessionId === h.sessionId) last.status = h.status;
      else q.sessions.push({ sessionId: h.sessionId, status: h.status });
      byQuestion.set(h.questionId, q);
    }
    for (const [questionId, q] of byQuestion) {
      const latest = q.sessions[q.sessions.length - 1]!;
      const previous = q.sessions.length > 1 ? q.sessions[q.sessions.length - 2]!.status : null;
      const judged = [...q.sessions].reverse().find((x) => practiceScore(x) !== null);
      const score = judged ? practiceScore(judged) : null;
      await repo.saveMark({ user_id: userId, kind: 'question', item_id: questionId, subject_id: subjectId, chapter_id: q.chapterId ?? '', session_id: latest.sessionId, state: latest.status, previous_state: previous, stability: null, last_review: null, source: score === null ? null : 'practice', score, updated_at: nowIso });
    }
    for (const c of history.cards) {
      if (c.known === null && c.stability === null) continue;
      await repo.saveMark({
        user_id: userId,
        kind: 'card',
        item_id: c.flashcardId,
        subject_id: subjectId,
        chapter_id: c.chapterId ?? '',
        session_id: null,
        state: c.known ? 1 : 0,
        previous_state: null,
        stability: c.stability,
        last_review: c.lastReview,
        // her verdict is self-report, from its review time (or now), so it decays as a new one does
        source: c.known === null ? null : 'self-report',
        score: c.known === null ? null : c.known ? 1 : 0,
        updated_at: c.lastReview ?? nowIso,
      });
    }
  }

  // ------------------------------------------------------------------ inside

  /** Her standing in a subject as it is on the transaction `repo` runs on (reads at most the subject's items). */
  private async standingIn(repo: StandingRepository, userId: string, subjectId: string, nowMs: number) {
    const [chapters, lists, marks, difficulties] = await Promise.all([
      this.sources.chaptersOf(subjectId),
      this.sources.listsOfSubject(subjectId),
      repo.evidenceMarks(userId, subjectId),
      repo.difficulties(subjectId),
    ]);
    const known = this.estimate({ marks, difficulties }, chapters, questionCountsOf(chapters, lists), nowMs);
    return { chapters, difficulties, known };
  }

  /**
   * Her expected grade after a graded answer, as her day's point on Voortgang's line (issue 39): in
   * the answer's transaction, one row per subject and local day (the day's last answer stands).
   */
  private async recordStanding(repo: StandingRepository, userId: string, subjectId: string, time: WriteTime): Promise<void> {
    const { known } = await this.standingIn(repo, userId, subjectId, Date.parse(time.nowIso));
    if (known.gradedAnswers === 0 || !known.expectedGrade) return;
    const { grade, low, high } = known.expectedGrade;
    await repo.saveStandingDay({ user_id: userId, subject_id: subjectId, date: await time.date(), grade, low, high, graded_answers: known.gradedAnswers, updated_at: time.nowIso });
  }

  /**
   * Before a mock exam's answers count: what was predicted of it (her expected grade and range, and
   * per question the probability of a right answer), kept beside the grade she got for the studio's
   * calibration. Only when she was shown an expected grade (a graded answer before). An open answer
   * waiting for her own assessment is left out of both sides (the app did not judge it; most exams
   * hold one): the grade is that of the questions the app judged, an unanswered one 0.
   */
  private async recordPrediction(repo: StandingRepository, e: MockExamClosedEvent): Promise<void> {
    const judged = e.answers.filter((a) => a.status !== MOCK_EXAM_AWAITING);
    if (judged.length === 0) return;
    const { chapters, difficulties, known } = await this.standingIn(repo, e.userId, e.subjectId, Date.parse(e.at));
    if (known.gradedAnswers === 0 || !known.expectedGrade) return;
    const difficultyOf = new Map(difficulties.filter((d) => d.kind === 'question').map((d) => [d.item_id, d.difficulty]));
    let questions = 0;
    let brierSum = 0;
    for (const a of judged) {
      const i = chapters.findIndex((c) => c.id === a.chapterId);
      if (i < 0) continue;
      const p = predictRight(known.chapters[i]!.ability, difficultyOf.get(a.questionId) ?? priorDifficulty(chapters[i]!.priority).difficulty);
      // an unanswered question of a handed-in exam earns nothing
      const score = practiceScore({ status: a.status }) ?? 0;
      brierSum += (p - score) ** 2;
      questions++;
    }
    const { grade, low, high } = known.expectedGrade;
    await repo.savePrediction({
      exam_id: e.examId,
      user_id: e.userId,
      subject_id: e.subjectId,
      predicted: grade,
      low,
      high,
      achieved: gradeMockExam(judged.map((a) => a.status)).grade,
      graded_before: known.gradedAnswers,
      questions,
      brier_sum: brierSum,
      closed_at: e.at,
    });
  }

  /**
   * Her first graded answer to an item teaches its difficulty (online, @blok/domain/rasch): read
   * against her ability in its chapter before this answer, as an average student's until her answers
   * say more. Later answers of hers to the same item do not (she has seen its feedback). In the
   * answer's transaction; reads her marks of the subject (one per item) and the subject's difficulties.
   */
  private async learnDifficulty(repo: StandingRepository, e: { userId: string; subjectId: string; chapterId: string }, kind: 'question' | 'card', itemId: string, score: number, nowIso: string): Promise<void> {
    const [chapters, evidence, difficulties] = await Promise.all([this.sources.chaptersOf(e.subjectId), repo.evidenceMarks(e.userId, e.subjectId), repo.difficulties(e.subjectId)]);
    const chapter = chapters.find((c) => c.id === e.chapterId);
    const priority = chapter?.priority ?? 2;
    const before = evidence.filter((m) => !(itemKind(m.kind) === kind && m.item_id === itemId));
    const ability = chapterAbility(chapterEvidence(chapters, chapters.map(() => 0), before, difficulties, Date.parse(nowIso)), e.chapterId);
    const row = await repo.findDifficulty(kind, itemId);
    const next = updateDifficulty(row ?? priorDifficulty(priority), ability, score);
    await repo.saveDifficulty({ kind, item_id: itemId, subject_id: e.subjectId, chapter_id: e.chapterId, difficulty: next.difficulty, information: next.information, answers: next.answers, updated_at: nowIso });
  }
}

/** Her evidence per chapter as the domain reads it: each mark weighed by its source and age, against its item's difficulty. */
function chapterEvidence(
  chapters: ReadonlyArray<Pick<ReadinessChapter, 'id' | 'priority'>>,
  questionCounts: readonly number[],
  evidence: readonly EvidenceMark[],
  difficulties: ReadonlyArray<{ kind: string; item_id: string; chapter_id: string; difficulty: number }>,
  nowMs: number,
): ChapterEvidence[] {
  const difficultyOf = new Map(difficulties.map((d) => [`${d.kind}:${d.item_id}`, d.difficulty]));
  const questionsOf = new Map<string, number[]>();
  for (const d of difficulties) {
    if (d.kind !== 'question') continue;
    const list = questionsOf.get(d.chapter_id);
    if (list) list.push(d.difficulty);
    else questionsOf.set(d.chapter_id, [d.difficulty]);
  }
  const byChapter = new Map<string, EvidenceMark[]>();
  for (const m of evidence) {
    const list = byChapter.get(m.chapter_id);
    if (list) list.push(m);
    else byChapter.set(m.chapter_id, [m]);
  }
  return chapters.map((c, i) => {
    const prior = priorDifficulty(c.priority).difficulty;
    const count = questionCounts[i] ?? 0;
    const learnt = (questionsOf.get(c.id) ?? []).slice(0, count);
    return {
      id: c.id,
      priority: c.priority,
      examDifficulties: [...learnt, ...Array.from({ length: count - learnt.length }, () => prior)],
      evidence: (byChapter.get(c.id) ?? []).map(
        (m): EvidenceItem => ({
          source: m.source as EvidenceSource,
          score: m.score ?? 0,
          ageDays: Math.max(0, (nowMs - Date.parse(m.updated_at)) / DAY_MS),
          difficulty: difficultyOf.get(`${itemKind(m.kind)}:${m.item_id}`) ?? prior,
        }),
      ),
    };
  });
}
