import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect as baseExpect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';
import { accessToken } from '../pwa/offline-helpers.ts';
import { printedPdf, SENTENCE } from './printed-pdf.ts';

const expect = baseExpect.configure({ timeout: 30_000 });
const NOTE = 'Festinger: vraag op het tentamen';

/** A course of hers with the printed PDF, through the API; returns the course and the viewer's address. */
async function courseWithPdf(page: Page, pdf: Buffer): Promise<{ courseId: string; viewerUrl: string }> {
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
  return { courseId, viewerUrl: `/bibliotheek/eigen-vak/${courseId}/pdf/${fileId}` };
}

async function serverAnnotations(page: Page, courseId: string) {
  const response = await page.request.get(`/api/courses/${courseId}/annotations`, { headers: { authorization: `Bearer ${await accessToken(page.context())}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { annotations: Array<{ id: string; note: string | null; anchor: { page: number; quote: { exact: string } } }> }).annotations;
}

/** Tab (only the keyboard; Shift+Tab for one before the focus) until `target` has the focus. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

/** The text of all pieces of the highlights on the page, joined. */
const marked = (page: Page) => page.locator('mark[data-pdf-annotation-id]').evaluateAll((marks) => marks.map((m) => m.textContent).join(''));

// Issue 41: highlights and notes in her PDF as in a chapter, by keyboard only: a sentence of page 2
// with a note, drawn on the page's text layer, again after a reload, in 'Mijn markeringen' of the
// course and back to the page from there.
test.describe('highlights and notes in her PDF', () => {
  test('by keyboard she notes a sentence of page 2, sees it after a reload, finds it in Mijn markeringen and follows it back', async ({ page, api, browser }, testInfo) => {
    test.setTimeout(180_000);
    const pdf = await printedPdf(browser);
    await signIn(page, await api.createUser());
    const { courseId, viewerUrl } = await courseWithPdf(page, pdf);
    await page.goto(viewerUrl);
    const viewer = page.getByRole('region', { name: "Hoorcollege 3.pdf, aantal pagina's: 2" });
    await expect(viewer.locator('.textLayer').first()).toContainText('Hoorcollege 3: sociale cognitie');
    await viewer.focus();
    await page.keyboard.press('End');
    await expect(page.getByText('Pagina 2 van 2')).toBeVisible();

    // 'Kies een zin': the sentence, then 'Notitie' in the panel
    await page.getByRole('button', { name: 'Kies een zin' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Kies een zin van pagina 2' })).toBeFocused();
    await tabTo(page, page.getByRole('button', { name: SENTENCE }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Gekozen op pagina 2' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Markeer', exact: true })).toBeVisible();
    await saveScreenshot(page, 'courses-pdf-pick-actions', testInfo);
    await tabTo(page, page.getByRole('button', { name: 'Notitie', exact: true }));
    await page.keyboard.press('Enter');
    const field = page.getByLabel('Notitie bij de gekozen tekst');
    await expect(field).toBeFocused();
    await page.keyboard.type(NOTE);
    await expectNoAxeViolations(page, 'pdf: a note for a sentence');
    await tabTo(page, page.getByRole('button', { name: 'Opslaan' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Notitie bewaard.' })).toBeAttached();
    await expect(page.getByRole('button', { name: 'Kies een zin' })).toBeFocused();

    // drawn on page 2's text layer, and kept on the server with its page and quote
    await expect.poll(() => marked(page)).toBe(SENTENCE);
    await expect.poll(async () => (await serverAnnotations(page, courseId)).map((a) => [a.anchor.page, a.anchor.quote.exact, a.note])).toEqual([[2, SENTENCE, NOTE]]);
    const [saved] = await serverAnnotations(page, courseId);

    // after a reload: drawn again when page 2 renders, and in the tab order after the pages
    await page.reload();
    await expect(viewer.locator('.textLayer').first()).toContainText('Hoorcollege 3: sociale cognitie');
    await viewer.focus();
    await page.keyboard.press('End');
    await expect(page.getByText('Pagina 2 van 2')).toBeVisible();
    await expect.poll(() => marked(page)).toBe(SENTENCE);
    const highlight = page.getByRole('button', { name: `Markering in geel met notitie: ‘${SENTENCE}’. Notitie: ${NOTE}` });
    await page.keyboard.press('Tab');
    await expect(highlight).toBeFocused();
    // the picture for the README: the viewer's toolbar under the header, page 2 with her highlight
    await page.getByRole('toolbar', { name: 'Pdf lezen' }).evaluate((bar) => window.scrollTo(0, bar.getBoundingClientRect().top + window.scrollY - 72));
    await page.waitForTimeout(300);
    await page.screenshot({ path: testInfo.outputPath('pdf-highlight.png'), animations: 'disabled' });
    await saveScreenshot(page, 'courses-pdf-highlight', testInfo);
    await expectNoAxeViolations(page, 'pdf: a page with her highlight');

    // Enter opens it (colour, note, delete); Escape closes it and her focus is back on it
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Markering op pagina 2' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('button', { name: 'geel' })).toBeFocused();
    await expect(panel.getByLabel('Jouw notitie')).toHaveValue(NOTE);
    await saveScreenshot(page, 'courses-pdf-highlight-opened', testInfo);
    await expectNoAxeViolations(page, 'pdf: a highlight opened');
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(highlight).toBeFocused();

    // 'Mijn markeringen' of the course: by file and page, the note changed there
    await tabTo(page, page.getByRole('link', { name: 'Mijn markeringen' }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Mijn markeringen' })).toBeFocused();
    await expect(page.getByRole('heading', { level: 2, name: 'Hoorcollege 3.pdf' })).toBeVisible();
    const item = page.getByRole('listitem').filter({ hasText: SENTENCE });
    await expect(item).toContainText('Pagina 2');
    await expect(item).toContainText(NOTE);
    await saveScreenshot(page, 'courses-pdf-annotations-list', testInfo);
    await expectNoAxeViolations(page, 'course: Mijn markeringen');
    await tabTo(page, item.getByRole('button', { name: /^Bewerken: / }));
    await page.keyboard.press('Enter');
    await expect(item.getByLabel('Jouw notitie')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Herlezen voor het tentamen');
    await tabTo(page, item.getByRole('button', { name: 'Opslaan' }));
    await page.keyboard.press('Enter');
    await expect(item).toContainText('Herlezen voor het tentamen');
    await expect.poll(async () => (await serverAnnotations(page, courseId))[0]?.note).toBe('Herlezen voor het tentamen');

    // 'Ga naar de tekst': the PDF at page 2, the highlight in view with her focus on it
    await expect(item.getByRole('button', { name: /^Bewerken: / })).toBeFocused();
    await tabTo(page, item.getByRole('link', { name: /^Ga naar de tekst: / }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${viewerUrl}\\?pagina=2#markering-${saved!.id}$`));
    await expect(page.getByText('Pagina 2 van 2')).toBeVisible();
    const back = page.getByRole('button', { name: /^Markering in geel met notitie: / });
    await expect(back).toBeFocused();
    await expect(back).toBeInViewport();

    // and deleted from the page: Enter, then 'Verwijderen'
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('region', { name: 'Markering op pagina 2' }).getByRole('button', { name: 'Verwijderen' }));
    await page.keyboard.press('Enter');
    await expect(page.locator('mark[data-pdf-annotation-id]')).toHaveCount(0);
    await expect(viewer).toBeFocused();
    await expect.poll(async () => (await serverAnnotations(page, courseId)).length).toBe(0);
  });
});
