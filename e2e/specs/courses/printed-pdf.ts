import { expect, type Browser, type Page } from '@playwright/test';

// Shared by the journeys of her own courses (issue 41).

export const SENTENCE = 'Cognitieve dissonantie ontstaat wanneer gedrag en overtuiging botsen.';

/** A two-page PDF printed by Chromium itself, as a student's exported slides would be. */
export async function printedPdf(browser: Browser): Promise<Buffer> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent(`<!doctype html><html lang="nl"><body style="font: 20px sans-serif">
    <h1>Hoorcollege 3: sociale cognitie</h1><p>Attitudes en gedrag hangen samen, maar niet altijd.</p>
    <div style="break-before: page"><h2>Festinger (1957)</h2><p>${SENTENCE}</p></div></body></html>`);
  const pdf = await page.pdf({ format: 'A4' });
  await context.close();
  return pdf;
}

/** A course of her own added from the library by keyboard ('Eigen vak toevoegen', its name, Enter); on its page after. */
export async function addCourseByKeyboard(page: Page, name: string): Promise<void> {
  await page.goto('/bibliotheek');
  await page.getByRole('button', { name: 'Eigen vak toevoegen' }).focus();
  await page.keyboard.press('Enter');
  await page.getByLabel('Naam van het vak').focus();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/bibliotheek\/eigen-vak\/[0-9a-f-]{36}$/, { timeout: 20_000 });
}
