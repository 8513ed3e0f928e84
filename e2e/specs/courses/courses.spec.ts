import { expect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';
import { printedPdf } from './printed-pdf.ts';

test.describe('her own courses', () => {
  test('she adds a course, uploads a printed PDF, reads and selects its text, and finds a sentence with search, by keyboard', async ({ page, api, browser }, testInfo) => {
    test.setTimeout(180_000);
    const pdf = await printedPdf(browser);
    await signIn(page, await api.createUser());

    // "Eigen vak toevoegen" is one step from the library
    await page.goto('/bibliotheek');
    const add = page.getByRole('button', { name: 'Eigen vak toevoegen' });
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Eigen vak toevoegen' });
    await expect(dialog).toBeVisible();
    // focus starts in the dialog, on the course's name
    await page.keyboard.press('Tab');
    await page.getByLabel('Naam van het vak').focus();
    await page.keyboard.type('Sociale psychologie');
    await page.getByLabel('Vakcode (optioneel)').focus();
    await page.keyboard.type('PSY1023');
    await saveScreenshot(page, 'courses-add', testInfo);
    await expectNoAxeViolations(page, 'add a course');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/bibliotheek\/eigen-vak\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Sociale psychologie' })).toBeVisible();
    await expect(page.getByText("Nog geen pdf's.", { exact: false })).toBeVisible();

    // her exam date
    // the date field's own order of day, month and year follows the browser's language: filled as a date
    await page.getByLabel('Tentamendatum').fill('2031-01-20');
    await page.getByRole('button', { name: 'Tentamenplan opslaan' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Tentamen op 20 januari 2031')).toBeVisible();

    // a file that is not a PDF is refused in Dutch
    await page.getByLabel('Pdf uploaden').setInputFiles({ name: 'notities.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>geen pdf</html>') });
    await expect(page.getByRole('alert')).toContainText('Dit bestand is geen pdf.');

    await page.getByLabel('Pdf uploaden').setInputFiles({ name: 'Hoorcollege 3.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(page.getByRole('heading', { level: 3, name: 'Hoorcollege 3.pdf' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText("2 pagina's")).toBeVisible();
    await saveScreenshot(page, 'courses-course', testInfo);
    await expectNoAxeViolations(page, 'course page');

    // the viewer: its own chunk, pages with a text layer
    await page.getByRole('link', { name: 'Lees Hoorcollege 3.pdf' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/pdf\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Pagina 1 van 2')).toBeVisible({ timeout: 30_000 });
    const viewer = page.getByRole('region', { name: "Hoorcollege 3.pdf, aantal pagina's: 2" });
    await expect(viewer.locator('.textLayer').first()).toContainText('Hoorcollege 3: sociale cognitie', { timeout: 30_000 });
    await viewer.focus();
    await page.keyboard.press('PageDown');
    await expect(page.getByText('Pagina 2 van 2')).toBeVisible();
    const secondText = page.getByRole('group', { name: 'Pagina 2' }).locator('.textLayer');
    await expect(secondText).toContainText('Cognitieve dissonantie', { timeout: 30_000 });
    // zoom by keyboard
    const zoomLabel = page.getByText(/^Zoom \d+%$/);
    const percent = async () => Number((await zoomLabel.textContent())!.replace(/\D/g, ''));
    const before = await percent();
    await page.keyboard.press('+');
    await expect.poll(percent).toBeGreaterThan(before);
    const zoomed = await percent();
    await page.keyboard.press('-');
    await expect.poll(percent).toBeLessThan(zoomed);
    // the text layer is real text: selecting it gives the sentence
    await expect(secondText).toContainText('botsen', { timeout: 30_000 });
    const selected = await secondText.evaluate((layer) => {
      const range = document.createRange();
      range.selectNodeContents(layer);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      return selection.toString();
    });
    expect(selected.replace(/\s+/g, ' ')).toContain('Cognitieve dissonantie ontstaat wanneer gedrag');
    // the page back at its top, so the full-page picture shows the app's header where it belongs
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'courses-viewer', testInfo);
    await expectNoAxeViolations(page, 'pdf viewer');

    // one search in the library finds the sentence; the hit opens its page
    await page.goto('/bibliotheek');
    await page.getByLabel('Zoek in je materiaal, kaarten en samenvattingen').focus();
    await page.keyboard.type('overtuiging botsen');
    await page.keyboard.press('Enter');
    await expect(page.getByText('1 resultaat voor ‘overtuiging botsen’')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('mark', { hasText: 'overtuiging' })).toBeVisible();
    await saveScreenshot(page, 'courses-search', testInfo);
    await expectNoAxeViolations(page, 'search');
    await page.getByRole('link', { name: 'Hoorcollege 3.pdf' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/pdf\/[0-9a-f-]{36}\?pagina=2$/);
    await expect(page.getByText('Pagina 2 van 2')).toBeVisible({ timeout: 30_000 });
  });
});
