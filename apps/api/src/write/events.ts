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
}

/** Chapters the reader marked read (inside its unit of work). */
export interface ReadEvent {
  userId: string;
  subjectId: string;
  chapterIds: string[];
}

/** A release changed these questions' answers: her earlier answers to them no longer count. */
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
  'card.judged': CardEvent;
  'chapters.read': ReadEvent;
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
