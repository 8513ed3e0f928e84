import type { Executor } from './unit-of-work.ts';

/** An answer the questions service stored (inside its unit of work). */
export interface AnswerEvent {
  userId: string;
  subjectId: string;
  chapterId: string | null;
  questionId: string;
  sessionId: string;
  /** @blok/domain/status: 0 wrong, 1 correct, 2 partial, 3 skipped, 4 open for review */
  status: number;
  /**
   * As evidence (@blok/domain/evidence, decision 035): the score 0..1 the app gave the answer when
   * it is finer than the status (a question type with partial credit, issue 40); absent: from the
   * status (1 right, 2 half, 0 wrong).
   */
  score?: number;
  /** false: the app did not judge it (a self-assessed open answer): not evidence of what she knows. Absent: judged. */
  graded?: boolean;
}

/**
 * She answered one of her own questions in a course of her own (issue 41), graded on the server
 * (inside the answer's unit of work): for a plan or readiness across her courses to listen to.
 */
export interface CourseQuestionAnsweredEvent {
  userId: string;
  courseId: string;
  questionId: string;
  /** @blok/domain/status: 0 wrong, 1 right, 2 partly right */
  status: 0 | 1 | 2;
  /** 0..1, as evidence (decision 035) */
  score: number;
  /** when she answered (ISO-8601) */
  at: string;
}

/**
 * She answered or reviewed a card of one of her own sets (the flashcards engine, inside the answer's
 * unit of work; issue 41): where she stands in the set's course listens (decision 049).
 */
export interface OwnCardJudgedEvent {
  userId: string;
  setId: string;
  flashcardId: string;
  known: boolean;
  /** a typed or checked answer the app judged: 0..1, graded evidence ('card-typed'); absent: her own verdict or rating (self-report) */
  score?: number;
  /** when (ISO-8601) */
  at: string;
}

/** She deleted a course of her own (inside the delete's unit of work): what others keep of it by id goes too. */
export interface CourseDeletedEvent {
  userId: string;
  courseId: string;
}

/** She reset a practice session or restarted a list: answers that counted were cleared (inside its unit of work). */
export interface AnswersClearedEvent {
  userId: string;
  subjectId: string;
}

/** A card verdict the flashcards service stored (inside its unit of work). */
export interface CardEvent {
  userId: string;
  subjectId: string;
  chapterId: string | null;
  flashcardId: string;
  known: boolean;
  /** FSRS rating: the card's new stability and review time */
  fsrs?: { stability: number; lastReview: string };
  /**
   * A typed or checked answer the app judged (issue 40): its score 0..1, graded evidence
   * ('card-typed'). Absent: her own verdict ("Wist ik"), self-report that decays (decision 035).
   */
  score?: number;
}

/** A mock exam was handed in or closed at its deadline (inside the unit of work that closed it). */
export interface MockExamClosedEvent {
  userId: string;
  subjectId: string;
  examId: string;
  /** when it closed (ISO-8601) */
  at: string;
  /** the answers that count (a question changed since she answered it is left out), in exam order */
  answers: Array<{ questionId: string; chapterId: string | null; /** @blok/domain/mock-exam statuses: -1 not answered, 0, 1, 2, 4 awaiting her assessment */ status: number }>;
}

/** Chapters the reader marked read (inside its unit of work). */
export interface ReadEvent {
  userId: string;
  subjectId: string;
  chapterIds: string[];
}

/**
 * A release changed these questions' answers (her earlier answers to them no longer count), removed
 * them, or moved them to another chapter (her answers count in the new one): what was built from her
 * answers to them must be built again.
 */
export interface QuestionsOutdatedEvent {
  subjectId: string;
  questionIds: readonly string[];
}

/** The catalogue's admins changed which studies and years a subject belongs to (decision 031). */
export interface AudiencesChangedEvent {
  subjectId: string;
  audiences: Array<{ study: string; year: string }>;
}

/** An account is being deleted: every feature that keeps something of hers by id or address forgets it. */
export interface AccountDeletedEvent {
  id: string;
  email: string;
}

/** Every event of the API, by name. */
export interface DomainEventMap {
  'practice.answered': AnswerEvent;
  'practice.cleared': AnswersClearedEvent;
  'course-question.answered': CourseQuestionAnsweredEvent;
  'own-card.judged': OwnCardJudgedEvent;
  'course.deleted': CourseDeletedEvent;
  'card.judged': CardEvent;
  'chapters.read': ReadEvent;
  'mock-exam.closed': MockExamClosedEvent;
  /** a closed exam's grade changed: she assessed an open answer after it closed (its answers that count, as they are now) */
  'mock-exam.regraded': MockExamClosedEvent;
  'questions.outdated': QuestionsOutdatedEvent;
  'catalogue.audiences-changed': AudiencesChangedEvent;
  'account.deleted': AccountDeletedEvent;
}

export type DomainEventName = keyof DomainEventMap;
export type Listener<K extends DomainEventName> = (tx: Executor, event: DomainEventMap[K]) => Promise<void>;

/**
 * Events inside one unit of work. A feature says what happened on the transaction that made the
 * change; the features that keep something of it (the plan's aggregates, a draft's audiences, an
 * account's traces) listen and write on that same transaction, so both commit or roll back together.
 * The one who tells knows no listener: neither holds the other in its constructor, and the
 * composition root (plugins/services.ts) has no cycle to close with a late-bound closure.
 * Listeners run one after the other in the order they were added; an error in one fails the command.
 */
export class DomainEvents {
  private readonly listeners = new Map<DomainEventName, Array<Listener<never>>>();

  on<K extends DomainEventName>(name: K, listener: Listener<K>): void {
    const list = this.listeners.get(name) ?? [];
    list.push(listener as Listener<never>);
    this.listeners.set(name, list);
  }

  async emit<K extends DomainEventName>(tx: Executor, name: K, event: DomainEventMap[K]): Promise<void> {
    for (const listener of (this.listeners.get(name) ?? []) as Array<Listener<K>>) await listener(tx, event);
  }

  /** How many listen to an event (tests, and the root's check that every event is heard). */
  listenerCount(name: DomainEventName): number {
    return this.listeners.get(name)?.length ?? 0;
  }
}
