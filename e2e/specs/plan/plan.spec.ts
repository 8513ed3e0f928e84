import type { Page } from '@playwright/test';
import { expect as baseExpect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';

// A journey over several screens on a shared machine: each step may wait longer than the default.
const expect = baseExpect.configure({ timeout: 30_000 });

// Exam-ready (issue 27) against the demo content: the fixtures' student (psychologie, bachelor 1)
// has Inleiding in de psychologie in her library.
const SUBJECT = 'inleiding-psychologie';

/**
 * The date `days` from today in the browser's time zone (the config's Europe/Amsterdam), YYYY-MM-DD:
 * the runner's own zone (UTC on CI) is a day behind between 23:00 and 00:00 UTC.
 */
function dateIn(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The save of her place at the end of the chapter (from 0.9 on a chapter counts as read). */
const isReadToTheEnd = (page: Page) =>
  page.waitForResponse(
    (r) => /\/api\/summaries\/[^/]+\/progress$/.test(r.url()) && r.request().method() === 'PUT' && r.ok() && (r.request().postDataJSON() as { position: number }).position >= 0.9,
    { timeout: 60_000 },
  );

test.describe('exam-ready', () => {
  test('she sets her exam date by keyboard, sees today\'s plan on Home, follows a task and sees it ticked', async ({ page, api }, testInfo) => {
    test.setTimeout(150_000);
    await signIn(page, await api.createUser());

    // The subject page: no exam date yet.
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Bibliotheek' }).click();
    await page.getByRole('article', { name: 'Inleiding in de psychologie' }).getByRole('link', { name: 'Inleiding in de psychologie' }).click();
    await expect(page).toHaveURL(`/bibliotheek/subject/${SUBJECT}`);
    const exam = page.getByRole('region', { name: 'Tentamen' });
    await expect(exam.getByText(/Vul je tentamendatum in/)).toBeVisible();
    // Nothing answered yet: no percentage and no expected grade (decision 035).
    await expect(page.getByRole('region', { name: 'Waar sta je' }).getByText(/^Verwacht cijfer: nog niet getoetst/)).toBeVisible();

    // By keyboard: open the form, move through its fields with Tab, type the minutes, leave a day out
    // with Space and submit with Enter. (The date field's segments follow the browser's own locale,
    // so its value is filled in, not typed.)
    await exam.getByRole('button', { name: 'Tentamendatum instellen' }).focus();
    await page.keyboard.press('Enter');
    const date = exam.getByLabel('Tentamendatum');
    await expect(date).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(date).toBeFocused();
    await date.fill(dateIn(21));
    // (Tab walks the date field's own day, month and year segments first.)
    const minutes = exam.getByLabel('Minuten per dag');
    await minutes.focus();
    await page.keyboard.type('20');
    await page.keyboard.press('Tab');
    const monday = exam.getByRole('checkbox', { name: 'maandag' });
    await expect(monday).toBeFocused();
    await page.keyboard.press('Space');
    await expect(monday).not.toBeChecked();
    await page.keyboard.press('Space');
    await expect(monday).toBeChecked();
    await expect(exam.getByRole('checkbox', { name: 'zondag' })).toBeChecked();
    await minutes.focus();
    await saveScreenshot(page, 'plan-exam-form', testInfo);
    await expectNoAxeViolations(page, 'exam date form');
    await page.keyboard.press('Enter');
    await expect(exam.getByRole('status')).toHaveText('Je tentamenplan is opgeslagen.');
    await expect(exam.getByText(/^Tentamen op .+ · nog 21 dagen$/)).toBeVisible();
    await expect(exam.getByText('20 minuten per dag')).toBeVisible();
    await expect(exam.getByRole('button', { name: 'Wijzigen' })).toBeFocused();
    await saveScreenshot(page, 'plan-subject', testInfo);
    await expectNoAxeViolations(page, 'subject with exam plan');

    // Home: today's plan starts with chapter 1.
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Home' }).click();
    const today = page.getByRole('region', { name: 'Vandaag' });
    await expect(today.getByRole('heading', { level: 3, name: 'Inleiding in de psychologie' })).toBeVisible();
    await expect(today.getByText(/^Nog 21 dagen tot je tentamen/)).toBeVisible();
    const readTask = today.getByRole('link', { name: /^Lees hoofdstuk 1\b/ });
    await expect(readTask).toContainText('Nog te doen');
    await saveScreenshot(page, 'plan-today', testInfo);
    await expectNoAxeViolations(page, 'home with today\'s plan');

    // The task opens chapter 1; she reads it to the end.
    await readTask.click();
    await expect(page).toHaveURL(/\/summary\/read\/[^/]+\/psy-grondslagen$/);
    await expect(page.getByText('Hoofdstuk 1', { exact: true })).toBeVisible();
    const saved = isReadToTheEnd(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await saved;

    // Back on Home the task is ticked off by itself.
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Home' }).click();
    await expect(today.getByRole('link', { name: /^Lees hoofdstuk 1\b/ })).toContainText('Gedaan');
    await saveScreenshot(page, 'plan-today-ticked', testInfo);
    await expectNoAxeViolations(page, 'home with a task done');
  });
});
