import { computeProgress, computeScore, countStatuses } from './grade.ts';

/**
 * Her standing on one question list (QuestionListProgressSchema in the contract), for the library
 * and the settings screen:
 * - progress: rounded percentage of the list's questions she answered (0, 1 or 2) in any session;
 * - score: integer 0-100 of her latest finished session of the list, null when none;
 * - sessionId: her latest session of the list while it is unfinished, null when none (a newer
 *   round supersedes an older unfinished one, issue 26).
 */
export interface ListProgress {
  progress: number;
  score: number | null;
  sessionId: string | null;
}

/** A list she never practised. */
export const NO_LIST_PROGRESS: Readonly<ListProgress> = Object.freeze({ progress: 0, score: null, sessionId: null });

/** One of her sessions of a single list. */
export interface ListSession {
  id: string;
  listId: string;
  finished: boolean;
}

/** Per list: her latest session while it is unfinished (the one to continue), and her latest finished one (the list's score). */
export interface LatestListSessions {
  open: Map<string, string>;
  finished: Map<string, string>;
}

/**
 * Picks per list, from her sessions newest first, the latest one when it is unfinished (only her
 * latest session of a list can be continued) and the latest finished one.
 */
export function latestListSessions(newestFirst: readonly ListSession[]): LatestListSessions {
  const open = new Map<string, string>();
  const finished = new Map<string, string>();
  const seen = new Set<string>();
  for (const s of newestFirst) {
    if (!seen.has(s.listId) && !s.finished) open.set(s.listId, s.id);
    seen.add(s.listId);
    if (s.finished && !finished.has(s.listId)) finished.set(s.listId, s.id);
  }
  return { open, finished };
}

/** What her standing on lists is computed from. */
export interface ListProgressFacts {
  /** number of questions per list */
  totals: ReadonlyMap<string, number>;
  /** number of distinct questions per list she answered (0, 1 or 2) in any session */
  answered: ReadonlyMap<string, number>;
  latest: LatestListSessions;
  /** the statuses of the questions of each latest finished session */
  statuses: ReadonlyMap<string, readonly number[]>;
}

/** Her standing on each of the lists (each id once); a list without any session: NO_LIST_PROGRESS. */
export function listProgressOf(listIds: readonly string[], facts: ListProgressFacts): Map<string, ListProgress> {
  const result = new Map<string, ListProgress>();
  for (const id of listIds) {
    const finishedId = facts.latest.finished.get(id);
    result.set(id, {
      progress: computeProgress(facts.answered.get(id) ?? 0, facts.totals.get(id) ?? 0),
      score: finishedId === undefined ? null : computeScore(countStatuses(facts.statuses.get(finishedId) ?? [])),
      sessionId: facts.latest.open.get(id) ?? null,
    });
  }
  return result;
}

/**
 * Her sessions to continue on Home, from her unfinished ones most recently used first: one per
 * list (the first met), sessions over several lists (list null) all, at most `limit`.
 */
export function onePerList<T>(recentFirst: readonly T[], listIdOf: (item: T) => string | null, limit: number): T[] {
  const seen = new Set<string>();
  return recentFirst
    .filter((item) => {
      const listId = listIdOf(item);
      if (listId === null) return true;
      if (seen.has(listId)) return false;
      seen.add(listId);
      return true;
    })
    .slice(0, limit);
}
