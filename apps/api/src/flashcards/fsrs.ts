import { createEmptyCard, fsrs, generatorParameters, Rating, type Card, type FSRS, type Grade } from 'ts-fsrs';
import type { FsrsIntervals, FsrsRating } from '@blok/contract';
import type { ScheduleRow } from './repository.ts';

/** FSRS settings from the environment (FSRS_* variables). */
export interface FsrsOptions {
  newCardsPerDay: number;
  desiredRetention: number;
  fuzz: boolean;
}

/** The FSRS-6 scheduler of ts-fsrs with the default weights, learning steps 1m / 10m. */
export function createScheduler(options: FsrsOptions): FSRS {
  return fsrs(generatorParameters({ request_retention: options.desiredRetention, enable_fuzz: options.fuzz, enable_short_term: true }));
}

/** The ts-fsrs card of a stored schedule, or a new card. */
export function cardOf(row: ScheduleRow | undefined, now: Date): Card {
  if (!row) return createEmptyCard(now);
  return {
    due: new Date(row.due),
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsed_days,
    scheduled_days: row.scheduled_days,
    learning_steps: row.learning_steps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state,
    last_review: row.last_review ? new Date(row.last_review) : undefined,
  };
}

/** The stored form of a ts-fsrs card. */
export function rowOf(card: Card, ids: { userId: string; flashcardId: string; subjectId: string }, version: number): ScheduleRow {
  return {
    user_id: ids.userId,
    flashcard_id: ids.flashcardId,
    subject_id: ids.subjectId,
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    last_review: card.last_review ? card.last_review.toISOString() : null,
    version,
  };
}

export const GRADES: Record<FsrsRating, Grade> = { 1: Rating.Again, 2: Rating.Hard, 3: Rating.Good, 4: Rating.Easy };

/** Seconds from `now` until the card would be due after each rating. */
export function intervalsOf(scheduler: FSRS, card: Card, now: Date): FsrsIntervals {
  const preview = scheduler.repeat(card, now);
  const seconds = (grade: Grade) => Math.max(0, Math.round((preview[grade].card.due.getTime() - now.getTime()) / 1000));
  return { again: seconds(Rating.Again), hard: seconds(Rating.Hard), good: seconds(Rating.Good), easy: seconds(Rating.Easy) };
}

/** One formatter per time zone, kept (a new one costs about 48 µs and ICU memory the collector does not see). */
const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** Milliseconds that the wall clock in `timeZone` is ahead of UTC at `at`. */
function offsetMs(timeZone: string, at: Date): number {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    wallClocks.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return local - Math.floor(at.getTime() / 1000) * 1000;
}

/** Start and end (exclusive) of her day around `now` in her time zone, as UTC instants. */
export function dayBounds(timeZone: string, now: Date): { start: Date; end: Date } {
  const offset = offsetMs(timeZone, now);
  const localMs = now.getTime() + offset;
  const localMidnight = localMs - (((localMs % 86_400_000) + 86_400_000) % 86_400_000);
  const start = new Date(localMidnight - offset);
  // Recompute the offset at the end of the day: a DST change in between moves it by an hour.
  const endGuess = new Date(localMidnight + 86_400_000 - offset);
  const end = new Date(localMidnight + 86_400_000 - offsetMs(timeZone, endGuess));
  return { start, end };
}
