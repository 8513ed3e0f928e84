import type { Page } from '@playwright/test';
import { expect as baseExpect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';
import { demoList } from '../questions/content.ts';
import { answerRight, questionHeading } from '../questions/answer.ts';

// A journey over several screens on a shared machine: each step may wait longer than the default.
const expect = baseExpect.configure({ timeout: 30_000 });

// Where she stands (issue 39) against the demo content, as a free student (psychologie, bachelor 1):
// Inleiding in de psychologie has one free chapter (psy-grondslagen, its list of 6 questions) and six
// Premium ones.
const SUBJECT = 'inleiding-psychologie';
const FREE_LIST = 'psy-vragen-grondslagen';

/** The date `days` from today in the browser's time zone (the config's Europe/Amsterdam), YYYY-MM-DD. */
function dateIn(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Every table behind 'Toon als tabel' of the page, opened: none is wider than its box (no sideways scroll at 390 px). */
async function expectTablesFit(page: Page) {
  const toggles = page.locator('details').filter({ has: page.locator('summary', { hasText: 'Toon als tabel' }) });
  const count = await toggles.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const toggle = toggles.nth(i);
    if ((await toggle.getAttribute('open')) === null) await toggle.locator('summary').click();
  }
  const overflow = await page.evaluate(() =>
    [...document.querySelectorAll('details[open] [role="group"]')].map((el) => ({ label: el.getAttribute('aria-label'), scroll: el.scrollWidth, width: el.clientWidth })),
  );
  for (const o of overflow) expect(o.scroll, `${o.label} fits 390 px`).toBeLessThanOrEqual(o.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test.describe('where she stands', () => {
  test("a free student: Premium chapters marked, an honest plan, and her expected grade on the subject page, Home and Voortgang", async ({ page, api }, testInfo) => {
    test.setTimeout(240_000);
    await signIn(page, await api.createUser());

    // Her exam is tomorrow.
    await page.goto(`/bibliotheek/subject/${SUBJECT}`);
    const exam = page.getByRole('region', { name: 'Tentamen' });
    await exam.getByRole('button', { name: 'Tentamendatum instellen' }).click();
    await exam.getByLabel('Tentamendatum').fill(dateIn(1));
    await exam.getByRole('button', { name: 'Opslaan' }).click();
    await expect(exam.getByText(/^Tentamen op .+ · nog 1 dag$/)).toBeVisible();

    // 'Waar sta je': nothing graded yet, and the chapters she cannot open are marked Premium.
    const standing = page.getByRole('region', { name: 'Waar sta je' });
    await expect(standing.getByTestId('expected-grade')).toHaveText(/^Verwacht cijfer: nog niet getoetst/);
    await standing.getByText(/^Per hoofdstuk/).click();
    const chapters = standing.getByRole('listitem');
    await expect(chapters).toHaveCount(7);
    await expect(chapters.nth(0)).not.toContainText('Premium');
    for (let i = 1; i < 7; i++) await expect(chapters.nth(i)).toContainText('Premium');
    await saveScreenshot(page, 'standing-free-waar-sta-je', testInfo);
    await expectNoAxeViolations(page, "a free student's 'Waar sta je'");

    // Home: her plan holds only what she can open, and is not 'too short' for it.
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Home' }).click();
    const today = page.getByRole('region', { name: 'Vandaag' });
    await expect(today.getByText(/^Nog 1 dag tot je tentamen · Verwacht cijfer: nog niet getoetst/)).toBeVisible();
    const practice = today.getByRole('link', { name: /^Oefen 6 vragen van hoofdstuk 1\b/ });
    await expect(practice).toContainText('Nog te doen');
    await expect(today.getByRole('link', { name: /hoofdstuk [2-7]\b/ })).toHaveCount(0);
    await expect(today.getByText(/te kort/)).toHaveCount(0);
    await saveScreenshot(page, 'standing-free-plan', testInfo);
    await expectNoAxeViolations(page, "a free student's plan");

    // The task opens practice with the 6 questions it asks for; she answers them right.
    await practice.click();
    await expect(page).toHaveURL(new RegExp(`/bibliotheek/questions/[0-9a-f-]{36}/${SUBJECT}/${FREE_LIST}$`));
    const questions = demoList(SUBJECT, FREE_LIST).questions;
    await expect(page.getByText(`Vraag 1 van ${questions.length}`)).toBeVisible();
    for (let i = 0; i < questions.length; i++) {
      await expect(questionHeading(page, i + 1)).toBeVisible();
      await answerRight(page, questions[i]!);
      const last = i === questions.length - 1;
      const onward = page.getByRole('button', { name: last ? 'Zie overzicht' : 'Ga naar de volgende vraag' });
      const arrived = last ? page.getByRole('heading', { level: 1, name: 'Oefenvragen voltooid' }) : questionHeading(page, i + 2);
      await expect(onward.or(arrived)).toBeVisible();
      if (await onward.isVisible()) await onward.click();
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Oefenvragen voltooid' })).toBeVisible();

    // Back on Home the task is done, and her expected grade stands beside the exam.
    await page.goto('/home');
    await expect(today.getByRole('link', { name: /^Oefen 6 vragen van hoofdstuk 1\b/ })).toContainText('Gedaan');
    await expect(today.getByTestId('today-expected-grade')).toHaveText(/^Verwacht cijfer \d+,\d \(\d+,\d-\d+,\d\)$/);
    await expect(today.getByText(/te kort/)).toHaveCount(0);
    await saveScreenshot(page, 'standing-free-plan-done', testInfo);
    await expectNoAxeViolations(page, 'home with the expected grade');

    // The subject page: 'Verwacht cijfer 4,5 (1,5-7,5)' (one chapter of seven shown: decision 046) and her free chapter's percentage.
    await page.goto(`/bibliotheek/subject/${SUBJECT}`);
    await expect(standing.getByTestId('expected-grade')).toHaveText(/^Verwacht cijfer \d+,\d \(\d+,\d-\d+,\d\)$/);
    await standing.getByText(/^Per hoofdstuk/).click();
    await expect(chapters.nth(0)).toContainText(/\d+ ?% kans op een goed antwoord/);
    await saveScreenshot(page, 'standing-subject-expected-grade', testInfo);
    await expectNoAxeViolations(page, "'Waar sta je' with an expected grade");

    // Voortgang: the expected grade, its first day as one point, her weakest chapter one she can open.
    await page.goto(`/bibliotheek/voortgang/${SUBJECT}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Voortgang' })).toBeVisible();
    await expect(page.getByTestId('expected-grade')).toHaveText(/^Verwacht cijfer \d+,\d \(\d+,\d-\d+,\d\)$/);
    const overTime = page.getByRole('region', { name: 'Verwacht cijfer in de tijd' });
    await expect(overTime).toContainText(/^Verwacht cijfer in de tijdOp \d+ \w+: verwacht cijfer \d+,\d/);
    const weakest = page.getByRole('region', { name: 'Je zwakste hoofdstuk' });
    await expect(weakest.getByRole('link')).toHaveAttribute('href', /\/summary\/read\/[^/]+\/psy-grondslagen$/);
    await saveScreenshot(page, 'standing-voortgang', testInfo);
    await expectNoAxeViolations(page, 'Voortgang with the expected grade');
    await expectTablesFit(page);
    await saveScreenshot(page, 'standing-voortgang-tables', testInfo);
    await expectNoAxeViolations(page, "Voortgang's tables");
  });
});
