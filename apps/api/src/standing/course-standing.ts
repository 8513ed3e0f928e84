import type { CourseStanding } from '@blok/contract';
import { courseStanding, type CourseStandingInput } from '@blok/domain/course-standing';
import type { EvidenceSource } from '@blok/domain/evidence';
import { readinessPercent } from '@blok/domain/standing';
import type { Executor } from '@blok/db';
import { AppError } from '../errors.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import type { CourseDeletedEvent, CourseQuestionAnsweredEvent, OwnCardJudgedEvent } from '../write/events.ts';
import { StandingRepository, type CourseMarkRow } from './repository.ts';

/** What where she stands in a course needs of its owners (decision 020), wired by the composition root. */
export interface CourseStandingSources {
  /** the pages of her PDFs in the course and those she read, or null: no course of hers (courses) */
  pagesOf(userId: string, courseId: string): Promise<{ pages: number; pagesRead: number } | null>;
  /** her questions of the course with her latest verdict since written or changed (course-questions) */
  verdictsOf(userId: string, courseId: string): Promise<Array<{ id: string; status: 0 | 1 | 2 | null; answeredAt: string | null }>>;
  /** the cards of the course's sets with her latest verdict and review (own-cards; none with flashcards off) */
  courseCards(userId: string, courseId: string): Promise<Array<{ id: string; known: boolean | null; lastReview: string | null }>>;
  /** the course a set of hers is in, or null (own-cards; read on the ambient transaction) */
  courseOfSet(userId: string, setId: string): Promise<string | null>;
}

const DAY_MS = 86_400_000;
const courseNotFound = () => new AppError('not_found', 'Dit vak bestaat niet.');
/** A verdict's score when no finer one was kept (a question answered before migration 0051). */
const STATUS_SCORE = { 0: 0, 1: 1, 2: 0.5 } as const;

/**
 * Where she stands in a course of her own (issue 41, decision 049): readiness and the expected grade
 * from her graded answers there, and Voortgang's counts of the course. It keeps `course_marks`: her
 * latest answer per own question (`course-question.answered`) and per card of a course's set
 * (`own-card.judged`: a typed answer is graded, a "Wist ik" or rating self-report), each in the
 * answer's transaction; a course deleted (`course.deleted`) takes its marks along. One upsert per
 * answer keyed by the item: no aggregate to keep in step, so no lock (her question's row, which the
 * answer updates in the same transaction, orders two answers to it on PostgreSQL).
 *
 * On a read the marks meet their owners' state: a question counts only while its own latest verdict
 * is the one the mark kept (changed since: no verdict, so no evidence; answered before 0051: its
 * verdict's score), a card only while it is in one of the course's sets (a card without a mark counts
 * by its verdict as self-report, as Blok's backfill does). @blok/domain/course-standing estimates.
 */
export class CourseStandingService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly sources: CourseStandingSources,
    private readonly now: () => Date = () => new Date(),
  ) {}

  // ------------------------------------------------------------------ the writes (in the writer's transaction)

  /** Her answer to one of her questions: the app graded it, so it is evidence ('own-question'). */
  async questionAnswered(tx: Executor, e: CourseQuestionAnsweredEvent): Promise<void> {
    await new StandingRepository(tx).saveCourseMark({ user_id: e.userId, course_id: e.courseId, kind: 'question', item_id: e.questionId, source: 'own-question', score: e.score, status: e.status, answered_at: e.at });
  }

  /** A verdict on a card of hers: kept when its set is in one of her courses (typed: graded; else self-report). */
  async cardJudged(tx: Executor, e: OwnCardJudgedEvent): Promise<void> {
    const courseId = await this.sources.courseOfSet(e.userId, e.setId);
    if (!courseId) return;
    const source: EvidenceSource = e.score !== undefined ? 'card-typed' : 'self-report';
    const score = e.score !== undefined ? Math.min(1, Math.max(0, e.score)) : e.known ? 1 : 0;
    await new StandingRepository(tx).saveCourseMark({ user_id: e.userId, course_id: courseId, kind: 'card', item_id: e.flashcardId, source, score, status: e.known ? 1 : 0, answered_at: e.at });
  }

  /** Her course is gone: so is what she showed in it. */
  async courseDeleted(tx: Executor, e: CourseDeletedEvent): Promise<void> {
    await new StandingRepository(tx).deleteCourseMarks(e.userId, e.courseId);
  }

  // ------------------------------------------------------------------ reads

  /** Where she stands in a course of hers; another student's course is not found (404). */
  async standing(userId: string, courseId: string): Promise<CourseStanding> {
    const found = await this.standingOf(userId, courseId);
    if (!found) throw courseNotFound();
    return found;
  }

  /** As `standing`, or null: no course of hers (the plan asks for the courses it plans). */
  async standingOf(userId: string, courseId: string): Promise<CourseStanding | null> {
    const pages = await this.sources.pagesOf(userId, courseId);
    if (!pages) return null;
    const [questions, cards, marks] = await Promise.all([
      this.sources.verdictsOf(userId, courseId),
      this.sources.courseCards(userId, courseId),
      new StandingRepository(this.uow.executor).courseMarks(userId, courseId),
    ]);
    const nowMs = this.now().getTime();
    const ageOf = (at: string | null) => (at === null ? 0 : Math.max(0, (nowMs - Date.parse(at)) / DAY_MS));
    const markOf = new Map<string, CourseMarkRow>(marks.map((m) => [`${m.kind}:${m.item_id}`, m]));
    const evidence: Array<CourseStandingInput['evidence'][number]> = [];

    const counts = { total: questions.length, right: 0, partly: 0, wrong: 0, unanswered: 0 };
    for (const q of questions) {
      if (q.status === null) {
        counts.unanswered++;
        continue;
      }
      counts[q.status === 1 ? 'right' : q.status === 2 ? 'partly' : 'wrong']++;
      const mark = markOf.get(`question:${q.id}`);
      // the mark of this very answer (its finer score), else the verdict the question keeps
      const kept = mark && mark.answered_at === q.answeredAt ? mark.score : STATUS_SCORE[q.status];
      evidence.push({ source: 'own-question', score: kept, ageDays: ageOf(q.answeredAt) });
    }

    const cardCounts = { total: cards.length, known: 0, unknown: 0, unseen: 0, typed: 0 };
    for (const c of cards) {
      const mark = markOf.get(`card:${c.id}`);
      if (mark) {
        evidence.push({ source: mark.source as EvidenceSource, score: mark.score, ageDays: ageOf(mark.answered_at) });
        if (mark.source === 'card-typed') cardCounts.typed++;
      } else if (c.known !== null) {
        // a verdict from before her course's marks (or from before the set was in the course): her own, self-report
        evidence.push({ source: 'self-report', score: c.known ? 1 : 0, ageDays: ageOf(c.lastReview) });
      }
      if (c.known === null && !mark) cardCounts.unseen++;
      else if (c.known ?? mark?.status === 1) cardCounts.known++;
      else cardCounts.unknown++;
    }

    const answered = counts.total - counts.unanswered;
    const estimate = courseStanding({
      questions: counts.total,
      questionsAnswered: answered,
      cards: cardCounts.total,
      cardsWorked: cardCounts.total - cardCounts.unseen,
      pages: pages.pages,
      pagesRead: pages.pagesRead,
      evidence,
    });
    return {
      courseId,
      readiness: readinessPercent(estimate.probability),
      expectedGrade: estimate.expectedGrade,
      gradedAnswers: estimate.gradedAnswers,
      coverage: Math.round(100 * estimate.coverage),
      pages: { total: pages.pages, read: pages.pagesRead },
      questions: counts,
      cards: cardCounts,
    };
  }
}
