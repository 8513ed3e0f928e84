import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
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
const DIST = resolve(import.meta.dirname, '../../../apps/web/dist');
const LOCALES = resolve(import.meta.dirname, '../../../apps/web/src/locales/nl');

/** The longest text of a namespace: found in a script only when that namespace's strings are in it. */
function longestText(namespace: string): string {
  const texts: string[] = [];
  const walk = (node: unknown) => (typeof node === 'string' ? texts.push(node) : Object.values(node as object).forEach(walk));
  walk(JSON.parse(readFileSync(`${LOCALES}/${namespace}.json`, 'utf8')));
  return texts.sort((a, b) => b.length - a.length)[0]!;
}

test.use({ serviceWorkers: 'block' });

/** Every GET of the summary and of its chapters, by path, from now on (not her notes, the progress). */
function countReads(page: Page) {
  const reads = new Map<string, number>();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'GET' && (path === `/api/summaries/${SUMMARY}` || path.startsWith(`/api/summaries/${SUMMARY}/chapters/`))) reads.set(path, (reads.get(path) ?? 0) + 1);
  });
  return reads;
}

test('a first visit of the reader asks for the summary and the chapter once each', async ({ page, api }) => {
  await signIn(page, await api.createUser());

  // with the chapter in the address
  let reads = countReads(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/assets\/.+\.js$/.test(path)) scripts.push(path);
  });
  // only the reader's page: Home (where signing in ends) may still be fetching its own strings
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) scripts.length = 0;
  });
  await page.goto(`/summary/read/${SUMMARY}/${CHAPTER}`);
  // the page shows her chapter rendered by the server at once (decision 048): the app's own reader is
  // there once it has taken the page over
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Hoofdstuk 1', { exact: true })).toBeVisible();
  // the scripts of the reader's first render: its own strings, no other feature's (issue 30)
  const source = scripts.map((path) => readFileSync(`${DIST}${path}`, 'utf8')).join('\n');
  expect(scripts.filter((path) => /\/later-[\w-]{8}\.js$/.test(path))).toEqual([]);
  expect(source).toContain(longestText('summary'));
  for (const namespace of ['library', 'questions', 'flashcards', 'profile', 'shop', 'tutorial']) expect(source, namespace).not.toContain(longestText(namespace));
  await page.waitForLoadState('networkidle');
  expect(Object.fromEntries(reads)).toEqual({ [`/api/summaries/${SUMMARY}`]: 1, [`/api/summaries/${SUMMARY}/chapters/${CHAPTER}`]: 1 });
  page.removeAllListeners('request');
  page.removeAllListeners('framenavigated');

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

test('signed-in Home loads the strings of what it shows, not every feature\'s', async ({ page, api }) => {
  await signIn(page, await api.createUser());
  const scripts: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/assets\/.+\.js$/.test(path)) scripts.push(path);
  });
  // a fresh load of Home, as when she opens the app
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const source = scripts.map((path) => readFileSync(`${DIST}${path}`, 'utf8')).join('\n');
  for (const namespace of ['library', 'plan']) expect(source, namespace).toContain(longestText(namespace));
  for (const namespace of ['summary', 'questions', 'flashcards', 'profile', 'shop', 'tutorial', 'studio', 'mockexam', 'progress', 'cardImport']) {
    expect(source, namespace).not.toContain(longestText(namespace === 'cardImport' ? 'card-import' : namespace));
  }
});
