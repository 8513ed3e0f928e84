import type { Page } from '@playwright/test';
import { LETTERS, type DemoQuestion } from './content.ts';

// Answering the demo questions in a practice session, shared by the journeys that answer them.

export const questionHeading = (page: Page, n: number) => page.getByRole('heading', { level: 2, name: `Oefenvraag ${n}` });
/**
 * The option of the answer written at `index`, by its text: each session shows the answers in an
 * order of its own (issue 26), so its letter is not known ahead.
 */
export const option = (page: Page, q: DemoQuestion, index: number) => {
  const text = q.answers![index]!.text.replace(/[`*_]/g, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const name = new RegExp(`^Antwoord [${LETTERS}]: ${text}`);
  return q.answers!.filter((a) => a.correct).length > 1 ? page.getByRole('checkbox', { name }) : page.getByRole('button', { name });
};

/** Answers the shown question right, whatever its type. */
export async function answerRight(page: Page, q: DemoQuestion) {
  if (q.type === 'OPEN') {
    await page.getByLabel('Jouw antwoord').fill(q.modelAnswer ?? 'Mijn antwoord');
    await page.getByRole('button', { name: 'Verstuur antwoord' }).click();
    await page.getByRole('button', { name: 'Goed', exact: true }).click();
    return;
  }
  const correct = q.answers!.flatMap((a, i) => (a.correct ? [i] : []));
  if (correct.length > 1) {
    for (const i of correct) await option(page, q, i).check();
    await page.getByRole('button', { name: 'Bevestig antwoord' }).click();
  } else {
    await option(page, q, correct[0]!).click();
  }
}
