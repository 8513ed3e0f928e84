import { randomUUID } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { expect as baseExpect, signIn, test } from '../../fixtures.ts';
import { accessToken } from '../pwa/offline-helpers.ts';

const expect = baseExpect.configure({ timeout: 30_000 });

// Issue 41, decision 050: her PDF's first page comes from its opening (the bytes pdf.js reads for
// it, learnt at upload), fetched in one response while she looks at her course; pages further on
// are read from the file in ranges.

// the page's own fetches are seen here (a service worker would answer some of them out of sight)
test.use({ serviceWorkers: 'block' });

/** A reader of 120 pages printed by Chromium, a heading and two paragraphs on each (their contents spread through the file). */
async function printedReader(browser: Browser): Promise<Buffer> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const sections = Array.from(
    { length: 120 },
    (_, i) =>
      `<section style="break-after: page"><h1>Hoofdstuk ${i + 1}</h1>${'<p>Attitudes, sociale cognitie en groepsprocessen: de onderzoeken die erbij horen en wat ze laten zien over gedrag en overtuiging.</p>'.repeat(2)}</section>`,
  );
  await page.setContent(`<!doctype html><html lang="nl"><body style="font: 20px sans-serif">${sections.join('')}</body></html>`);
  const pdf = await page.pdf({ format: 'A4' });
  await context.close();
  return pdf;
}

test('her first page comes from the opening fetched on her course page; a far page from the file in ranges, by keyboard', async ({ page, api, browser }) => {
  test.setTimeout(180_000);
  const pdf = await printedReader(browser);
  await signIn(page, await api.createUser());
  const authorization = `Bearer ${await accessToken(page.context())}`;
  const course = await page.request.post('/api/courses', { headers: { authorization, 'idempotency-key': randomUUID() }, data: { name: 'Sociale psychologie' } });
  expect(course.status(), await course.text()).toBe(201);
  const courseId = ((await course.json()) as { course: { id: string } }).course.id;
  const upload = await page.request.post(`/api/courses/${courseId}/files?name=Reader.pdf`, {
    headers: { authorization, 'idempotency-key': randomUUID(), 'content-type': 'application/pdf' },
    data: pdf,
  });
  expect(upload.status(), await upload.text()).toBe(201);

  // the file itself is held back until her first page shows: it must come from the opening alone
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const ranges: string[] = [];
  await page.route('**/api/courses/*/files/*/file', async (route) => {
    const range = route.request().headers().range;
    if (range) ranges.push(range);
    await held;
    await route.continue();
  });

  const opening = page.waitForRequest((request) => request.url().endsWith('/opening'));
  await page.goto(`/bibliotheek/eigen-vak/${courseId}`);
  // fetched ahead while she looks at her course
  expect((await (await opening).response())?.status()).toBe(200);

  await page.getByRole('link', { name: 'Lees Reader.pdf' }).focus();
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('region', { name: "Reader.pdf, aantal pagina's: 120" });
  await expect(viewer.locator('.textLayer').first()).toContainText('Hoofdstuk 1');
  expect(ranges).toEqual([]);

  // further on, the file is read in ranges of the pages she goes to
  release();
  await page.getByLabel('Ga naar pagina').focus();
  await page.keyboard.type('60');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Pagina 60 van 120')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Pagina 60' }).locator('.textLayer')).toContainText('Hoofdstuk 60');
  expect(ranges.length).toBeGreaterThan(0);
  for (const range of ranges) expect(range).toMatch(/^bytes=\d+-\d+$/);
});
