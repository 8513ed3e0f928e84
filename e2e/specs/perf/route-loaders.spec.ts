import { expect, signIn, test } from '../../fixtures.ts';

/**
 * Route loaders (issue 14, decision 014 item 10): a screen's data is asked for while its code is still
 * on the way, not after the code arrived and mounted. The reader's own chunk is held back; the chapter
 * must be requested before it is let through. Without the loader the request comes only after it.
 */
const SUMMARY = 'inleiding-psychologie-samenvatting';
const CHAPTER = 'psy-grondslagen';
const HOLD_MS = 1500;

test.use({ serviceWorkers: 'block' });

test('the reader asks for its chapter while its code is held back', async ({ page, api }) => {
  await signIn(page, await api.createUser());
  let released = 0;
  let requested = 0;
  await page.route(/\/assets\/read-[\w-]{8}\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    released = Date.now();
    await route.continue();
  });
  page.on('request', (request) => {
    if (!requested && new URL(request.url()).pathname === `/api/summaries/${SUMMARY}/chapters/${CHAPTER}`) requested = Date.now();
  });
  await page.goto(`/summary/read/${SUMMARY}/${CHAPTER}`);
  // the page shows her chapter rendered by the server at once (decision 048): the app's own reader is
  // there once it has taken the page over
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', { timeout: 15_000 });
  await expect(page.getByText('Hoofdstuk 1', { exact: true })).toBeVisible();
  expect(released).toBeGreaterThan(0);
  expect(requested).toBeGreaterThan(0);
  expect(requested).toBeLessThan(released);
});

test('a first visit of the reader asks for its chapter before the app itself has arrived (first-visit data)', async ({ page, api }) => {
  await signIn(page, await api.createUser());
  let released = 0;
  const asked: Array<{ path: string; at: number }> = [];
  await page.route(/\/assets\/app-[\w-]{8}\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    released = Date.now();
    await route.continue();
  });
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith(`/api/summaries/${SUMMARY}`) && request.method() === 'GET') asked.push({ path, at: Date.now() });
  });
  await page.goto(`/summary/read/${SUMMARY}/${CHAPTER}`);
  // the page shows her chapter rendered by the server at once (decision 048): the app's own reader is
  // there once it has taken the page over
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', { timeout: 15_000 });
  await expect(page.getByText('Hoofdstuk 1', { exact: true })).toBeVisible();
  const chapter = asked.filter((a) => a.path === `/api/summaries/${SUMMARY}/chapters/${CHAPTER}`);
  const summary = asked.filter((a) => a.path === `/api/summaries/${SUMMARY}`);
  expect(released).toBeGreaterThan(0);
  // asked for by the entry script while the app's code was held back; neither again by the screen
  expect(chapter).toHaveLength(1);
  expect(summary).toHaveLength(1);
  expect(chapter[0]!.at).toBeLessThan(released);
  expect(summary[0]!.at).toBeLessThan(released);
});

test('the library asks for its data while its code is held back, on a navigation inside the app', async ({ page, api }) => {
  await signIn(page, await api.createUser());
  let released = 0;
  let requested = 0;
  await page.route(/\/assets\/overview-[\w-]{8}\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    released = Date.now();
    await route.continue();
  });
  page.on('request', (request) => {
    if (!requested && new URL(request.url()).pathname === '/api/library') requested = Date.now();
  });
  // from Home through the navigation bar: the router's loader, not a page load
  await page.getByRole('link', { name: 'Bibliotheek' }).first().click();
  await expect(page.getByRole('article', { name: 'Inleiding in de psychologie' })).toBeVisible();
  expect(released).toBeGreaterThan(0);
  expect(requested).toBeGreaterThan(0);
  expect(requested).toBeLessThan(released);
});
