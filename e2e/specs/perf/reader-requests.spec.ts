import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../../fixtures.ts';

/**
 * The reader asks for its summary once per opening (issue 30): a first visit's early read, the route
 * loader's prefetch, the screen's own query and the move from /summary/read/{id} to the chapter's
 * address share one cache entry. Before, the screen asked again as it mounted (its answer counted as
 * stale at once) and once more after the move.
 */
const SUMMARY = 'inleiding-psychologie-samenvatting';
const CHAPTER = 'psy-grondslagen';

test.use({ serviceWorkers: 'block' });

/** Every GET of the summary and of its chapters, by path, from now on. */
function countReads(page: Page) {
  const reads = new Map<string, number>();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'GET' && path.startsWith(`/api/summaries/${SUMMARY}`) && !path.endsWith('/progress')) reads.set(path, (reads.get(path) ?? 0) + 1);
  });
  return reads;
}

test('a first visit of the reader asks for the summary and the chapter once each', async ({ page, api }) => {
  await signIn(page, await api.createUser());

  // with the chapter in the address
  let reads = countReads(page);
  await page.goto(`/summary/read/${SUMMARY}/${CHAPTER}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Hoofdstuk 1', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(Object.fromEntries(reads)).toEqual({ [`/api/summaries/${SUMMARY}`]: 1, [`/api/summaries/${SUMMARY}/chapters/${CHAPTER}`]: 1 });
  page.removeAllListeners('request');

  // without it: the reader opens where she left off and puts that chapter in the address
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  reads = countReads(page);
  await page.goto(`/summary/read/${SUMMARY}`);
  await expect(page).toHaveURL(new RegExp(`/summary/read/${SUMMARY}/${CHAPTER}$`));
  await expect(page.getByText('Hoofdstuk 1', { exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(Object.fromEntries(reads)).toEqual({ [`/api/summaries/${SUMMARY}`]: 1, [`/api/summaries/${SUMMARY}/chapters/${CHAPTER}`]: 1 });
});
