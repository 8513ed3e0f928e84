import { expect, type Page } from '@playwright/test';
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

/** The question types of issue 40, answered in fields instead of picked. */
export const RULE_TYPES = ['TYPED', 'NUMERIC', 'ORDERING', 'MATCHING', 'CLOZE'];

/** A number the Dutch way, as a student types it: 0,25 and -24. */
const dutch = (n: number) => String(n).replace('.', ',');

/**
 * Answers a question of issue 40's types by keyboard only (focus, type, Enter, arrow keys), right or
 * (for TYPED and NUMERIC) wrong. `check`: practice's 'Controleer antwoord' (Enter); a mock exam
 * stores it when she moves on (Tab out of a text field).
 */
export async function answerRule(page: Page, q: DemoQuestion, { check, right = true }: { check: boolean; right?: boolean }) {
  const typeInto = async (field: ReturnType<Page['getByRole']>, text: string) => {
    await field.focus();
    await page.keyboard.type(text);
  };
  if (q.type === 'TYPED' || q.type === 'NUMERIC') {
    const field = page.getByRole('textbox', { name: 'Jouw antwoord' });
    const text = q.type === 'TYPED' ? (right ? q.accepted![0]! : 'weet ik niet') : dutch(right ? q.value! : q.value! + 1000);
    await typeInto(field, text);
    await page.keyboard.press(check ? 'Enter' : 'Tab');
    return;
  }
  if (q.type === 'ORDERING') {
    const texts = q.items!.map((i) => (typeof i === 'string' ? i : i.text));
    const list = page.getByRole('list').filter({ has: page.getByRole('button', { name: / omhoog$/ }) });
    for (const [target, text] of texts.entries()) {
      const shown = (await list.getByRole('listitem').allInnerTexts()).map((t) => t.trim());
      let at = shown.findIndex((t) => t.replace(/^\d+\s*/, '').trim() === text);
      expect(at, `${text} among ${shown.join(' | ')}`).toBeGreaterThanOrEqual(0);
      while (at > target) {
        await page.getByRole('button', { name: `${text} omhoog` }).focus();
        await page.keyboard.press('Enter');
        await expect(page.getByText(`${text} staat nu op plaats ${at} van ${texts.length}.`)).toBeAttached();
        at -= 1;
      }
    }
  } else if (q.type === 'MATCHING') {
    for (const pair of q.pairs!) {
      const select = page.getByRole('combobox', { name: pair.left, exact: true });
      const options = await select.locator('option').allTextContents();
      const index = options.indexOf(pair.right);
      expect(index, `${pair.right} among ${options.join(', ')}`).toBeGreaterThan(0);
      await select.focus();
      const current = await select.evaluate((el) => (el as HTMLSelectElement).selectedIndex);
      for (let i = current; i < index; i++) await page.keyboard.press('ArrowDown');
      await expect(select.locator('option:checked')).toHaveText(pair.right);
    }
  } else if (q.type === 'CLOZE') {
    const gaps = [...q.text.matchAll(/\{\{([^{}]+)\}\}/g)].map((m) => m[1]!.split('|')[0]!.trim());
    for (const [i, gap] of gaps.entries()) await typeInto(page.getByRole('textbox', { name: `Open plek ${i + 1}` }), gap);
    if (!check) await page.keyboard.press('Tab');
  }
  if (check) {
    await page.getByRole('button', { name: 'Controleer antwoord' }).focus();
    await page.keyboard.press('Enter');
  }
}

/** Answers the shown question right, whatever its type. */
export async function answerRight(page: Page, q: DemoQuestion) {
  if (RULE_TYPES.includes(q.type)) {
    await answerRule(page, q, { check: true });
    return;
  }
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
