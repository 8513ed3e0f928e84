import type { Page } from '@playwright/test';
import { Api, expect, signIn, test } from '../../fixtures.ts';
import { holdEntryScript } from './paints.ts';

// Issue 43 (decision 048, "hydrated, not replaced"): the app hydrates the markup the API rendered of
// her chapter and her Home instead of rendering the screen again and putting it in its place. The
// page's own elements stay (the chapter is laid out once), and React finds nothing to correct: a
// markup that differed would be rendered anew, which React reports as a recoverable error.

test.use({ serviceWorkers: 'block' });

const CHAPTER = '/summary/read/inleiding-psychologie-samenvatting/psy-grondslagen';

/** Keeps the page's own elements (as the server sent them) and every console error, from its first moment. */
async function watchElements(page: Page, selectors: string[]): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript((list: string[]) => {
    const kept: Record<string, Element | null> = {};
    (window as unknown as { __kept: typeof kept }).__kept = kept;
    document.addEventListener('DOMContentLoaded', () => {
      for (const selector of list) kept[selector] = document.querySelector(selector);
    });
  }, selectors);
  return errors;
}

/** Per selector: whether the element the server sent is still the one in the page. */
const stillTheSame = (page: Page, selectors: string[]) =>
  page.evaluate((list: string[]) => {
    const kept = (window as unknown as { __kept: Record<string, Element | null> }).__kept;
    return Object.fromEntries(list.map((selector) => [selector, kept[selector] !== null && kept[selector] === document.querySelector(selector) && kept[selector]!.isConnected]));
  }, selectors);

test.describe('the app hydrates her server-rendered pages', () => {
  test('her chapter: the page keeps its elements, and no markup needed correcting', async ({ page, request }) => {
    const user = await new Api(request).createUser();
    await signIn(page, user);
    const selectors = ['main', 'article', 'h1', 'nav'];
    const errors = await watchElements(page, selectors);
    const release = await holdEntryScript(page);
    await page.goto(CHAPTER, { waitUntil: 'commit' });
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'reader');
    release();
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    expect(await stillTheSame(page, selectors)).toEqual(Object.fromEntries(selectors.map((s) => [s, true])));
    // the hydrated screen is the app's: its controls work
    await page.getByRole('button', { name: 'A+, grotere tekst' }).press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Tekstgrootte 113%' })).toBeAttached();
    await expect(page.locator('article')).toHaveAttribute('style', /--reader-scale:\s*1\.125/);
    expect(errors.filter((text) => /hydrat|Minified React error #4(18|19|20|21|23|25)/i.test(text))).toEqual([]);
  });

  test('her chapter at her larger text size: hydrated as painted', async ({ page, request }) => {
    const user = await new Api(request).createUser();
    await signIn(page, user);
    await page.goto(CHAPTER);
    await page.getByRole('button', { name: 'A+, grotere tekst' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Tekstgrootte 113%' })).toBeAttached();
    const selectors = ['main', 'article', 'h1'];
    const errors = await watchElements(page, selectors);
    const release = await holdEntryScript(page);
    await page.goto(CHAPTER, { waitUntil: 'commit' });
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'reader');
    release();
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    expect(await stillTheSame(page, selectors)).toEqual(Object.fromEntries(selectors.map((s) => [s, true])));
    await expect(page.locator('article')).toHaveAttribute('style', /--reader-scale:\s*1\.125/);
    expect(errors.filter((text) => /hydrat|Minified React error #4(18|19|20|21|23|25)/i.test(text))).toEqual([]);
  });

  test('her Home: the page keeps its elements, and no markup needed correcting', async ({ page, request }) => {
    const user = await new Api(request).createUser();
    await signIn(page, user);
    const selectors = ['main', 'h1', 'nav'];
    const errors = await watchElements(page, selectors);
    const release = await holdEntryScript(page);
    await page.goto('/home', { waitUntil: 'commit' });
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'home');
    release();
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await expect(page.getByRole('heading', { name: 'Vandaag' })).toBeVisible();
    expect(await stillTheSame(page, selectors)).toEqual(Object.fromEntries(selectors.map((s) => [s, true])));
    // the hydrated links navigate as the app's
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Bibliotheek' }).click();
    await expect(page).toHaveURL(/\/bibliotheek$/);
    expect(errors.filter((text) => /hydrat|Minified React error #4(18|19|20|21|23|25)/i.test(text))).toEqual([]);
  });
});
