/**
 * The longest-answer pattern of issue 40: a test-wise student who always picks the longest answer
 * scores where the right answer is the longest. The importer counts it per list
 * (packages/content checks.ts longestBalance); the studio shows it for the question being written.
 */
import { stripMarkup } from './markup.ts';

/** The length of an answer as a student reads it: without Markdown marks, spaces collapsed. */
export const readLength = (text: string): number => [...stripMarkup(text).replace(/\s+/g, ' ').trim()].length;

/**
 * Whether the one correct answer is longer than every other answer (as read). False when there is
 * not exactly one correct answer, or fewer than two answers.
 */
export function keyIsLongest(answers: ReadonlyArray<{ text: string; correct: boolean }>): boolean {
  const correct = answers.filter((a) => a.correct);
  if (correct.length !== 1 || answers.length < 2) return false;
  const key = correct[0]!;
  const length = readLength(key.text);
  return answers.every((a) => a === key || readLength(a.text) < length);
}
