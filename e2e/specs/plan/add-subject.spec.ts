import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';

// Exam-ready (issue 27): the exam date "in the onboarding of a new subject". Adding a subject in the
// library offers the optional exam date step right there; she may skip it.

/**
 * The date `days` from today in the browser's time zone (the config's Europe/Amsterdam), YYYY-MM-DD:
 * the runner's own zone (UTC on CI) is a day behind between 23:00 and 00:00 UTC.
 */
function dateIn(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * Searches the library for a subject and presses its 'Toevoegen' in the search results by keyboard
 * (the same subject may also be under 'Populair bij jouw studie', with the same button).
 */
async function addBySearch(page: Page, query: string, title: string) {
  await page.getByRole('searchbox', { name: 'Zoek een vak' }).fill(query);
  const add = page.getByRole('list', { name: 'Vakken zoeken' }).getByRole('button', { name: `Toevoegen aan je bibliotheek: ${title}` });
  await add.focus();
  await page.keyboard.press('Enter');
}

test.describe('adding a subject', () => {
  test('offers her exam date right there: she skips it once and sets it by keyboard the next time', async ({ page, api }, testInfo) => {
    test.setTimeout(90_000);
    await signIn(page, await api.createUser());
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Bibliotheek' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bibliotheek' })).toBeVisible();
    const mine = page.getByRole('heading', { level: 2, name: /^Mijn vakken/ });

    // She adds Micro-economie and skips the step: no exam plan, the subject is in her library.
    await addBySearch(page, 'Micro', 'Micro-economie');
    const step = page.getByRole('dialog', { name: 'Micro-economie staat in je bibliotheek' });
    await expect(step).toBeVisible();
    await expect(step.getByLabel('Tentamendatum')).toBeFocused();
    await step.getByRole('button', { name: 'Overslaan' }).focus();
    await page.keyboard.press('Enter');
    await expect(step).toHaveCount(0);
    await expect(mine).toBeFocused();
    await expect(page.getByText('Geen tentamendatum ingesteld. Dat kan later op de pagina van het vak.')).toBeAttached();
    await expect(page.getByRole('article', { name: 'Micro-economie' })).toBeVisible();

    // She adds Inleiding in de pedagogiek and sets her exam date in the step, by keyboard.
    await addBySearch(page, 'pedagogiek', 'Inleiding in de pedagogiek');
    const next = page.getByRole('dialog', { name: 'Inleiding in de pedagogiek staat in je bibliotheek' });
    await expect(next).toBeVisible();
    const date = next.getByLabel('Tentamendatum');
    await expect(date).toBeFocused();
    // (The date field's segments follow the browser's locale, so its value is filled in, not typed.)
    await date.fill(dateIn(14));
    const minutes = next.getByLabel('Minuten per dag');
    await minutes.focus();
    await page.keyboard.type('45');
    await page.keyboard.press('Tab');
    await expect(next.getByRole('checkbox', { name: 'maandag' })).toBeFocused();
    await saveScreenshot(page, 'plan-add-subject-step', testInfo);
    await expectNoAxeViolations(page, 'exam date step of adding a subject');
    await next.getByRole('button', { name: 'Tentamendatum opslaan' }).focus();
    await page.keyboard.press('Enter');
    await expect(next).toHaveCount(0);
    await expect(mine).toBeFocused();
    await expect(page.getByText('Je tentamenplan is opgeslagen.')).toBeAttached();
    await expectNoAxeViolations(page, 'library after the exam date step');

    // The subject page shows the exam plan she set in the step.
    await page.getByRole('article', { name: 'Inleiding in de pedagogiek' }).getByRole('link', { name: 'Inleiding in de pedagogiek' }).click();
    const exam = page.getByRole('region', { name: 'Tentamen' });
    await expect(exam.getByText(/^Tentamen op .+ · nog 14 dagen$/)).toBeVisible();
    await expect(exam.getByText('45 minuten per dag')).toBeVisible();
  });
});
