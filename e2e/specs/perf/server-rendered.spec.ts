import { Api, expect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';
import { holdEntryScript, paints, watchPaints } from './paints.ts';

// Decision 048 (issue 43): the reader's page comes with her chapter in it, and Home's with her Home,
// rendered by the API from the app's own components. A slow phone paints the screen with the page;
// nothing on it takes input until the app has rendered the same screen in its place, and that
// takeover moves nothing.

// The first visit, as Lighthouse and a new phone see it: once the app's service worker runs, it answers
// her pages from its copy of the app (offline reading), never from the server.
test.use({ serviceWorkers: 'block' });

const CHAPTER = '/summary/read/inleiding-psychologie-samenvatting/psy-grondslagen';
const TITLE = 'Grondslagen van de psychologie';

test.describe('her chapter and her Home rendered into their pages', () => {
  test('paints the chapter before the app runs, takes no input until the app has it, and the takeover shifts nothing', async ({ page, request }) => {
    const user = await new Api(request).createUser();
    await signIn(page, user);
    await watchPaints(page);
    const release = await holdEntryScript(page);
    await page.goto(CHAPTER, { waitUntil: 'commit' });

    // The page itself: her chapter with the app's layout, styled, inert while the app's code is on its way.
    const root = page.locator('#root');
    await expect(root).toHaveAttribute('data-prerendered', 'reader');
    await expect(root).toHaveAttribute('inert', '');
    await expect(page.locator('h1')).toHaveText(TITLE);
    await expect(page.getByText('Gray en Bjorklund definiëren psychologie')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeVisible();
    const larger = page.locator('button[aria-label="A+, grotere tekst"]');
    expect(await larger.evaluate((button: HTMLButtonElement) => (button.focus(), document.activeElement === button))).toBe(false);
    await expect.poll(async () => (await paints(page)).lcp.length).toBeGreaterThan(0);
    await saveScreenshot(page, 'reader-rendered-before-app');
    const before = await paints(page);

    release();
    await expect(root).not.toHaveAttribute('data-prerendered');
    await expect(root).not.toHaveAttribute('inert');
    // the app's own screen: the title has her focus, the text size buttons work
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeFocused();
    await page.getByRole('button', { name: 'A+, grotere tekst' }).press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Tekstgrootte 113%' })).toBeAttached();

    const after = await paints(page);
    // nothing moved in the takeover (the text size change was hers: hadRecentInput)
    expect(after.shift).toBe(0);
    // The largest paint was the server's chapter: the app's identical screen adds no larger one.
    expect(Math.max(...after.lcp.map((entry) => entry.size))).toBe(Math.max(...before.lcp.map((entry) => entry.size)));
    await expectNoAxeViolations(page, 'reader after the takeover');
  });

  test('the page has her text size from her first paint', async ({ page, request }) => {
    const user = await new Api(request).createUser();
    await signIn(page, user);
    // her size, chosen earlier on this device (the reader keeps it and tells the server by a cookie)
    await page.goto(CHAPTER);
    await page.getByRole('button', { name: 'A+, grotere tekst' }).click();
    await page.getByRole('button', { name: 'A+, grotere tekst' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Tekstgrootte 125%' })).toBeAttached();
    const release = await holdEntryScript(page);
    await page.goto(CHAPTER, { waitUntil: 'commit' });
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'reader');
    await expect(page.locator('article')).toHaveAttribute('style', /--reader-scale:\s*1\.25/);
    release();
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await expect(page.getByRole('status').filter({ hasText: 'Tekstgrootte 125%' })).toBeAttached();
  });

  test('Home paints her day before the app runs, and the takeover shifts nothing', async ({ page, request }) => {
    const user = await new Api(request).createUser();
    await signIn(page, user);
    await watchPaints(page);
    const release = await holdEntryScript(page);
    await page.goto('/home', { waitUntil: 'commit' });
    const root = page.locator('#root');
    await expect(root).toHaveAttribute('data-prerendered', 'home');
    await expect(root).toHaveAttribute('inert', '');
    await expect(page.getByRole('heading', { level: 1, name: 'Welkom bij Blok' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Vandaag' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Verder studeren' })).toBeVisible();
    await expect.poll(async () => (await paints(page)).lcp.length).toBeGreaterThan(0);
    await saveScreenshot(page, 'home-rendered-before-app');
    const before = await paints(page);

    release();
    await expect(root).not.toHaveAttribute('data-prerendered');
    await expect(root).not.toHaveAttribute('inert');
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Bibliotheek' }).focus();
    await expect(page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Bibliotheek' })).toBeFocused();
    const after = await paints(page);
    expect(after.shift).toBe(0);
    expect(Math.max(...after.lcp.map((entry) => entry.size))).toBe(Math.max(...before.lcp.map((entry) => entry.size)));
    await expectNoAxeViolations(page, 'Home after the takeover');
  });

  test('a visitor and a chapter she may not read get the plain page', async ({ page, request }) => {
    const visitor = await page.request.get(CHAPTER);
    expect(await visitor.text()).not.toContain('data-prerendered');
    const user = await new Api(request).createUser();
    await signIn(page, user);
    const premium = await page.request.get('/summary/read/inleiding-psychologie-samenvatting/psy-ontwikkeling');
    expect(premium.status()).toBe(200);
    expect(await premium.text()).not.toContain('data-prerendered');
  });
});
