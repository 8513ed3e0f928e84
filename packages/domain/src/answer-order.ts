/**
 * The order in which a practice session shows the answers of a SELECT question (decision 006).
 *
 * Each session has a seed, stored with it; the order of a question's answers follows from that
 * seed and the question's id alone, so the server shapes the same order on every call (a reload,
 * another device, 'previous', the results) and the app shows the letters it was sent, also offline.
 * Answers an author pinned keep the position where they are written ("Alle bovenstaande" last);
 * the others are shuffled over the remaining positions.
 */

/** Seeds are positive 31-bit integers (they fit an integer column on both dialects). */
export const MAX_ANSWER_SEED = 0x7fffffff;

/** FNV-1a over the question id, mixed with the session's seed: one independent stream per question. */
function questionSeed(seed: number, questionId: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < questionId.length; i++) {
    h ^= questionId.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** mulberry32: a small, well-mixed 32-bit generator; floats in [0, 1). */
function mulberry32(state: number): () => number {
  let a = state >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The answers (given in their written order) in the order a session with this seed shows them. Pure and deterministic: the same
 * seed, question id and answers give the same order on the server and in the app. Pinned answers
 * stay at their written index; the others are put in a uniformly random (Fisher-Yates) order over
 * the free positions. A null seed (sessions started before answers were shuffled) keeps the
 * written order.
 */
export function orderAnswers<T>(answers: readonly T[], seed: number | null, questionId: string, isPinned: (answer: T) => boolean): T[] {
  if (seed === null) return [...answers];
  const free = answers.filter((a) => !isPinned(a));
  const random = mulberry32(questionSeed(seed, questionId));
  for (let i = free.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [free[i], free[j]] = [free[j]!, free[i]!];
  }
  let next = 0;
  return answers.map((a) => (isPinned(a) ? a : free[next++]!));
}

