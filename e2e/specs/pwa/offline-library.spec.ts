import { expect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';
import { persisted, strip, underServiceWorker } from './offline-helpers.ts';

// Issue 25: she opens the library and goes straight on to a chapter (a full page load within the
// half second before the saved cache is written). Offline, the library she opened must show its
// last known data, marked as such, as the chapter does.

const CHAPTER_URL = '/summary/read/inleiding-psychologie-samenvatting/psy-grondslagen';

test('the library opened just before a chapter shows offline, marked as last known data', async ({ page, api }, testInfo) => {
  test.slow();
  await signIn(page, await api.createUser());
  await underServiceWorker(page);

  // Online: the library, and at once a chapter, as she would in a hurry.
  await page.goto('/bibliotheek');
  await expect(page.getByRole('article', { name: 'Inleiding in de psychologie' })).toBeVisible();
  await page.goto(CHAPTER_URL);
  await expect(page.getByText('Hoofdstuk 1', { exact: true })).toBeVisible();
  const chapterTitle = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await persisted(page);

  await page.context().setOffline(true);
  await page.goto('/bibliotheek');
  await expect(page.getByRole('heading', { level: 1, name: 'Bibliotheek' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Inleiding in de psychologie' })).toBeVisible({ timeout: 10_000 });
  await expect(strip(page)).toContainText('Offline: je ziet de laatst bekende gegevens.');
  // the offline toast is there before the audit, so the audit covers it
  await expect(page.getByText('Geen internetverbinding', { exact: true })).toBeVisible();
  await saveScreenshot(page, 'offline-library-after-chapter', testInfo);
  await expectNoAxeViolations(page, 'library offline after a chapter');

  // The chapter still reads offline too.
  await page.goto(CHAPTER_URL);
  await expect(page.getByRole('heading', { level: 1, name: chapterTitle })).toBeVisible();
});
