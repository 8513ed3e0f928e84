import type { Page } from '@playwright/test';
import { expect as baseExpect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';
import { answerRule, RULE_TYPES } from './answer.ts';
import { demoList, type DemoQuestion } from './content.ts';

/*
 * Issue 40's "Done means": one question of each new type (typed, numeric, ordering, matching,
 * cloze) in practice and in a mock exam, at 390 x 844, answered by keyboard only, with axe.
 * Personen- en familierecht holds one of each type among its 20 questions: a 20-question mock exam
 * draws them all; practice takes its three lists that hold them.
 */
const SUBJECT = 'personen-en-familierecht';
const LISTS = ['pfr-vragen-h1-personenrecht', 'pfr-vragen-h3-echtscheiding-en-alimentatie', 'pfr-vragen-h4-afstamming-en-gezag'];
/** A shared, busy machine: each step may take a while. */
const expect = baseExpect.configure({ timeout: 15_000 });

const plain = (markdown: string) => markdown.replace(/[*_`]/g, '').replace(/\s+/g, ' ').trim();

/** What identifies a question on screen: a cloze shows its instruction, not its sentence with gaps. */
const probe = (q: DemoQuestion) => plain(q.type === 'CLOZE' ? (q.instruction ?? 'Vul de open plekken in.') : q.text).slice(0, 60);

async function shownQuestion(page: Page, article: ReturnType<Page['getByRole']>, questions: DemoQuestion[]): Promise<DemoQuestion> {
  await expect(article).toBeVisible();
  const shown = plain(await article.innerText());
  const found = questions.filter((q) => shown.includes(probe(q)));
  expect(found, shown.slice(0, 80)).toHaveLength(1);
  return found[0]!;
}

/** Presses a button by keyboard: focus, Enter. */
async function press(page: Page, name: string | RegExp) {
  await page.getByRole('button', { name, exact: typeof name === 'string' }).focus();
  await page.keyboard.press('Enter');
}

test.describe('the new question types', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('one question of each new type in practice, by keyboard: checked, right, with the answer shown after', async ({ page, api }, testInfo) => {
    test.setTimeout(240_000);
    await signIn(page, await api.createUser());
    const seen = new Set<string>();
    for (const listId of LISTS) {
      const questions = demoList(SUBJECT, listId).questions;
      await page.goto(`/bibliotheek/question-settings/${SUBJECT}/${listId}`);
      await page.getByRole('radio', { name: /Alle vragen/ }).check();
      await page.getByRole('checkbox', { name: /Antwoorden tussendoor tonen/ }).check();
      await page.getByRole('button', { name: 'Start', exact: true }).click();
      for (let n = 1; n <= questions.length; n++) {
        const heading = page.getByRole('heading', { level: 2, name: `Oefenvraag ${n}` });
        await expect(heading).toBeVisible();
        // the app moves her focus to the next question's heading: wait for it, or it takes the focus
        // from the button this test is about to press
        if (n > 1) await expect(heading).toBeFocused();
        const q = await shownQuestion(page, page.getByRole('article', { name: `Oefenvraag ${n}` }), questions);
        const last = n === questions.length;
        if (!RULE_TYPES.includes(q.type)) {
          if (last) break;
          await press(page, 'Sla over');
          continue;
        }
        if (!seen.has(q.type)) {
          await saveScreenshot(page, `question-type-${q.type.toLowerCase()}`, testInfo);
          await expectNoAxeViolations(page, `practice ${q.type}`);
        }
        await answerRule(page, q, { check: true });
        const right = page.getByRole('heading', { name: 'Vraag goed beantwoord' });
        await expect(right).toBeVisible();
        await expect(right).toBeFocused();
        // the expected answer after answering
        await expect(page.getByText(/^Juiste (antwoord|zin|volgorde|paren)/).first()).toBeVisible();
        if (!seen.has(q.type)) {
          seen.add(q.type);
          await saveScreenshot(page, `question-type-${q.type.toLowerCase()}-feedback`, testInfo);
          await expectNoAxeViolations(page, `practice ${q.type} feedback`);
        }
        if (last) break;
        await press(page, 'Ga naar de volgende vraag');
      }
    }
    expect([...seen].sort()).toEqual([...RULE_TYPES].sort());
  });

  test('one question of each new type in a mock exam, by keyboard: kept while open, graded once handed in', async ({ page, api }, testInfo) => {
    test.setTimeout(240_000);
    await signIn(page, await api.createUser());
    const questions = LISTS.flatMap((l) => demoList(SUBJECT, l).questions).concat(demoList(SUBJECT, 'pfr-vragen-h2-huwelijk-en-partnerschap').questions);
    await page.goto(`/bibliotheek/proeftentamen/${SUBJECT}`);
    await page.getByRole('radio', { name: /^20 vragen/ }).check();
    await page.getByRole('button', { name: 'Start proeftentamen' }).click();
    await expect(page).toHaveURL(new RegExp(`/bibliotheek/proeftentamen/${SUBJECT}/[0-9a-f-]{36}$`));

    const answered = new Map<string, number>();
    for (let n = 1; n <= 20; n++) {
      const q = await shownQuestion(page, page.getByRole('article', { name: `Vraag ${n}` }), questions);
      if (RULE_TYPES.includes(q.type)) {
        await answerRule(page, q, { check: false });
        await expect(page.getByRole('button', { name: `Vraag ${n}, beantwoord` })).toBeVisible();
        // nothing says whether it was right while the exam is open
        await expect(page.getByText(/^Juiste (antwoord|zin|volgorde|paren)|goed beantwoord/)).toHaveCount(0);
        if (!answered.has(q.type)) {
          await saveScreenshot(page, `mockexam-type-${q.type.toLowerCase()}`, testInfo);
          await expectNoAxeViolations(page, `mock exam ${q.type}`);
        }
        answered.set(q.type, n);
      }
      if (n < 20) await press(page, 'Volgende vraag');
    }
    expect([...answered.keys()].sort()).toEqual([...RULE_TYPES].sort());
    // a typed answer is still there when she comes back to it
    const typed = answered.get('TYPED')!;
    await press(page, `Vraag ${typed}, beantwoord`);
    await expect(page.getByRole('textbox', { name: 'Jouw antwoord' })).not.toHaveValue('');

    await press(page, 'Inleveren');
    await page.getByRole('dialog', { name: 'Tentamen inleveren?' }).getByRole('button', { name: 'Lever in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Uitslag proeftentamen' })).toBeVisible();
    for (const n of answered.values()) await expect(page.getByText(`Vraag ${n}: goed`)).toBeVisible();
    const ordering = answered.get('ORDERING')!;
    await page.getByText(`Vraag ${ordering}: goed`).click();
    await expect(page.locator('details', { hasText: `Vraag ${ordering}: goed` }).getByText('Juiste volgorde:')).toBeVisible();
    await saveScreenshot(page, 'mockexam-types-results', testInfo);
    await expectNoAxeViolations(page, 'mock exam results with the new types');
  });
});
