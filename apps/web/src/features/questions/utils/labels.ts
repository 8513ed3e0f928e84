import { ANSWER_LABELS } from '@blok/contract/questions';

/** The label of the answer at a 0-based position: A to T (spec section 9). */
export const answerLabel = (index: number): string => ANSWER_LABELS[index] ?? String(index + 1);

/**
 * The letters of the given answers as she saw them: by their place in the order the session shows
 * (the API sends the answers in that order, shuffled per session; decision 006), in that order.
 */
export function lettersOf(answers: ReadonlyArray<{ id: string }>, ids: Iterable<string>): string[] {
  const wanted = new Set(ids);
  return answers.flatMap((a, index) => (wanted.has(a.id) ? [answerLabel(index)] : []));
}

/**
 * The answer position a key press picks, or -1: the letters A to T (either case) for questions
 * with that many answers.
 */
export function answerIndexForKey(key: string, answerCount: number): number {
  if (key.length !== 1) return -1;
  const index = ANSWER_LABELS.indexOf(key.toUpperCase());
  return index >= 0 && index < answerCount ? index : -1;
}
