import type { Page } from '@playwright/test';
import { expect as baseExpect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';
import { printedPdf } from './printed-pdf.ts';

// A journey over several screens on a shared machine: each step may wait longer than the default.
const expect = baseExpect.configure({ timeout: 30_000 });

/** The date `days` from today in the browser's time zone (the config's Europe/Amsterdam), YYYY-MM-DD. */
function dateIn(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Focuses an element and presses Enter on it: one keyboard, no pointer. */
async function press(page: Page, target: ReturnType<Page['getByRole']>) {
  await target.focus();
  await page.keyboard.press('Enter');
}

// Issue 41: her own course with an exam date in Vandaag, its pages read feeding the plan.
test.describe('her own course in the plan', () => {
  test('she adds a course with an exam date and a PDF, follows "Lees …" from Home to the page, reads, and sees her progress', async ({ page, api, browser }, testInfo) => {
    test.setTimeout(240_000);
    const pdf = await printedPdf(browser);
    await signIn(page, await api.createUser());

    // "Eigen vak toevoegen" from the library, by keyboard
    await page.goto('/bibliotheek');
    await press(page, page.getByRole('button', { name: 'Eigen vak toevoegen' }));
    await expect(page.getByRole('dialog', { name: 'Eigen vak toevoegen' })).toBeVisible();
    await page.getByLabel('Naam van het vak').focus();
    await page.keyboard.type('Sociale psychologie');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/bibliotheek\/eigen-vak\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    const courseUrl = new URL(page.url()).pathname;

    // her exam date in two weeks (the date field's segments follow the browser's locale: filled as a date)
    await page.getByLabel('Tentamendatum').fill(dateIn(14));
    await press(page, page.getByRole('button', { name: 'Tentamenplan opslaan' }));
    await expect(page.getByText(/^Tentamen op /)).toBeVisible();

    // her slides, printed by Chromium
    await page.getByLabel('Pdf uploaden').setInputFiles({ name: 'Hoorcollege 3.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(page.getByRole('heading', { level: 3, name: 'Hoorcollege 3.pdf' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText("0 van 2 pagina's gelezen")).toBeVisible();

    // Home: her course in Vandaag beside Blok's subjects, with its pages to read
    await press(page, page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Home' }));
    const today = page.getByRole('region', { name: 'Vandaag' });
    const course = today.getByRole('article', { name: 'Sociale psychologie' });
    await expect(course).toBeVisible();
    await expect(course.getByText(/Nog 14 dagen tot je tentamen · Eigen vak · Verwacht cijfer: nog niet getoetst · \d+ van \d+ minuten/)).toBeVisible();
    const task = course.getByRole('link', { name: /Lees dia 1–2 van Hoorcollege 3/ });
    await expect(task).toBeVisible();
    await expect(task).toContainText('Nog te doen');
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'courses-plan-home', testInfo);
    // and as she sees it at 390 x 844 with Vandaag in view (the full page draws the tab bar over it)
    await course.evaluate((article) => article.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: testInfo.outputPath('courses-plan-home-view.png'), animations: 'disabled' });
    await expectNoAxeViolations(page, 'Home with her course in Vandaag');

    // the viewer's reports of the pages she read (batches with an Idempotency-Key)
    const reported: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/courses\/[^/]+\/files\/[^/]+\/read$/.test(request.url())) {
        expect(request.headers()['idempotency-key']).toBeTruthy();
        reported.push(...(request.postDataJSON() as { pages: number[] }).pages);
      }
    });

    // the task opens her PDF at its first page to read
    await press(page, task);
    await expect(page).toHaveURL(/\/pdf\/[0-9a-f-]{36}\?pagina=1$/);
    const viewer = page.getByRole('region', { name: "Hoorcollege 3.pdf, aantal pagina's: 2" });
    await expect(viewer.locator('.textLayer').first()).toContainText('Hoorcollege 3: sociale cognitie');
    await expect(page.getByText('Pagina 1 van 2')).toBeVisible();

    // she reads: a page counts after a few seconds in view; then the next page, by keyboard
    await viewer.focus();
    await page.waitForTimeout(5_000);
    await page.keyboard.press('PageDown');
    await expect(page.getByText('Pagina 2 van 2')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Pagina 2' }).locator('.textLayer')).toContainText('dissonantie');
    await page.waitForTimeout(5_000);
    await expectNoAxeViolations(page, 'her PDF while she reads');

    // back to her course: what is left goes out as she leaves the PDF, and the page says how far she is
    await press(page, page.getByRole('link', { name: 'Terug naar Sociale psychologie' }));
    await expect(page).toHaveURL(courseUrl);
    await expect(page.getByText("2 van 2 pagina's gelezen")).toBeVisible();
    expect(reported.sort()).toEqual([1, 2]);
    await saveScreenshot(page, 'courses-plan-progress', testInfo);
    await expectNoAxeViolations(page, 'course page with her pages read');

    // and Vandaag ticks the task off
    await press(page, page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Home' }));
    const done = page.getByRole('region', { name: 'Vandaag' }).getByRole('link', { name: /Lees dia 1–2 van Hoorcollege 3/ });
    await expect(done).toContainText('Gedaan');
  });
});
