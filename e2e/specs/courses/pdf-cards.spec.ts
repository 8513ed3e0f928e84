import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect as baseExpect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';
import { accessToken } from '../pwa/offline-helpers.ts';
import { printedPdf, SENTENCE } from './printed-pdf.ts';

const expect = baseExpect.configure({ timeout: 30_000 });

/** A course of hers with the printed PDF, through the API; returns the viewer's address. */
async function courseWithPdf(page: Page, pdf: Buffer): Promise<string> {
  const authorization = `Bearer ${await accessToken(page.context())}`;
  const course = await page.request.post('/api/courses', { headers: { authorization, 'idempotency-key': randomUUID() }, data: { name: 'Sociale psychologie' } });
  expect(course.status(), await course.text()).toBe(201);
  const courseId = ((await course.json()) as { course: { id: string } }).course.id;
  const upload = await page.request.post(`/api/courses/${courseId}/files?name=${encodeURIComponent('Hoorcollege 3.pdf')}`, {
    headers: { authorization, 'idempotency-key': randomUUID(), 'content-type': 'application/pdf' },
    data: pdf,
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const fileId = ((await upload.json()) as { id: string }).id;
  return `/bibliotheek/eigen-vak/${courseId}/pdf/${fileId}`;
}

// Issue 41: "Maak flashcard" from a selection and a cloze card from a selected word, in her PDF.
test.describe('cards from her PDF', () => {
  test('by keyboard she chooses a sentence of page 2, makes a cloze card of one word, and is back on that page', async ({ page, api, browser }, testInfo) => {
    test.setTimeout(180_000);
    const pdf = await printedPdf(browser);
    await signIn(page, await api.createUser());
    const viewerUrl = await courseWithPdf(page, pdf);
    await page.goto(viewerUrl);
    const viewer = page.getByRole('region', { name: "Hoorcollege 3.pdf, aantal pagina's: 2" });
    await expect(viewer.locator('.textLayer').first()).toContainText('Hoorcollege 3: sociale cognitie');
    await viewer.focus();
    await page.keyboard.press('End');
    await expect(page.getByText('Pagina 2 van 2')).toBeVisible();

    // 'Kies een zin': the page's sentences as buttons, focus on their heading
    await page.getByRole('button', { name: 'Kies een zin' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Kies een zin van pagina 2' })).toBeFocused();
    const sentence = page.getByRole('button', { name: SENTENCE });
    await expect(sentence).toBeVisible();
    await saveScreenshot(page, 'courses-pdf-sentences', testInfo);
    await expectNoAxeViolations(page, 'pdf: choose a sentence');
    while (!(await sentence.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    // the panel: focus on its heading, the word to leave out chosen by keyboard
    await expect(page.getByRole('heading', { level: 2, name: 'Gekozen op pagina 2' })).toBeFocused();
    const word = page.getByRole('combobox', { name: 'Woord dat wegvalt op de clozekaart' });
    await word.focus();
    while ((await word.inputValue()) !== 'dissonantie') await page.keyboard.press('ArrowDown');
    await saveScreenshot(page, 'courses-pdf-cloze', testInfo);
    await expectNoAxeViolations(page, 'pdf: what to do with a sentence');
    await page.getByRole('link', { name: 'Maak clozekaart' }).focus();
    await page.keyboard.press('Enter');

    // the card editor, filled: the sentence with the word left out, the word on the back
    await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe kaart' })).toBeVisible();
    await expect(page.getByLabel('Voorkant', { exact: true })).toHaveValue('Cognitieve […] ontstaat wanneer gedrag en overtuiging botsen.');
    await expect(page.getByLabel('Achterkant', { exact: true })).toHaveValue('dissonantie');
    await expect(page.getByRole('link', { name: 'Terug naar je pdf' })).toBeVisible();
    await page.getByRole('button', { name: 'Kaart opslaan' }).focus();
    await page.keyboard.press('Enter');
    // back where she was reading
    await expect(page).toHaveURL(new RegExp(`${viewerUrl}\\?pagina=2$`));
    await expect(page.getByText('Pagina 2 van 2')).toBeVisible();

    // the card is in her set
    await page.goto('/kaarten');
    await page.getByRole('link', { name: /Mijn kaarten/ }).first().click();
    await expect(page.getByText('Cognitieve […] ontstaat wanneer gedrag en overtuiging botsen.')).toBeVisible();
  });

  test('a word she selects with the pointer makes a cloze card at once, and a longer selection a flashcard', async ({ page, api, browser }) => {
    test.setTimeout(120_000);
    const pdf = await printedPdf(browser);
    await signIn(page, await api.createUser());
    await page.goto(await courseWithPdf(page, pdf));
    const secondText = page.getByRole('group', { name: 'Pagina 2' }).locator('.textLayer');
    await page.getByRole('region', { name: "Hoorcollege 3.pdf, aantal pagina's: 2" }).focus();
    await page.keyboard.press('End');
    await expect(secondText).toContainText('dissonantie');
    // select the word 'overtuiging' in the text layer, as a finger or mouse would
    await secondText.evaluate((layer) => {
      const walker = document.createTreeWalker(layer, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf('overtuiging');
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 'overtuiging'.length);
        document.getSelection()!.removeAllRanges();
        document.getSelection()!.addRange(range);
        return;
      }
      throw new Error('word not in the text layer');
    });
    await expect(page.getByRole('heading', { level: 2, name: 'Gekozen op pagina 2' })).toBeVisible();
    // a short selection is the word itself: no choice to make
    await expect(page.getByRole('combobox', { name: 'Woord dat wegvalt op de clozekaart' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Maak clozekaart' })).toHaveAttribute('href', /voorkant=Cognitieve\+dissonantie\+ontstaat\+wanneer\+gedrag\+en\+%5B%E2%80%A6%5D\+botsen\./);
    await expect(page.getByRole('link', { name: 'Maak flashcard' })).toHaveAttribute('href', /achterkant=overtuiging/);
    // Escape lets it go
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { level: 2, name: 'Gekozen op pagina 2' })).toHaveCount(0);
  });
});
