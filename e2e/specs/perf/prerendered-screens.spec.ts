import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../../fixtures.ts';
import { holdEntryScript, paints, watchPaints, type Paints } from './paints.ts';

// Decision 032: the login page and the registration's first step come with the screen itself,
// rendered at build time. A slow phone paints the screen with the page (its largest paint is then),
// nothing on it takes input until the app has rendered the same screen in its place, and that
// takeover moves nothing.

/** The paints once the page has stopped painting new largest elements (the parser may paint it in two frames). */
async function settledPaints(page: Page): Promise<Paints> {
  let last = await paints(page);
  await expect
    .poll(async () => {
      const now = await paints(page);
      const same = now.lcp.length > 0 && JSON.stringify(now.lcp) === JSON.stringify(last.lcp);
      last = now;
      return same;
    }, { intervals: [300] })
    .toBe(true);
  return last;
}

test.describe('screens rendered at build time', () => {
  test('login paints before the app runs, takes no input until the app has it, and the takeover shifts nothing', async ({ page }) => {
    await watchPaints(page);
    const release = await holdEntryScript(page);
    await page.goto('/auth/login', { waitUntil: 'commit' });

    // The page itself: the styled screen, inert while the app's code is on its way.
    const root = page.locator('#root');
    await expect(root).toHaveAttribute('data-prerendered', 'login');
    await expect(root).toHaveAttribute('inert', '');
    await expect(page.locator('h1')).toHaveText('Inloggen');
    await expect(page.getByText('Welkom terug! Log in om verder te gaan met studeren.')).toBeVisible();
    const email = page.locator('input[type="email"]');
    await expect(email).toBeVisible();
    // inert: a tap or Tab cannot reach the field, so nothing she types can be lost in the takeover
    expect(await email.evaluate((input: HTMLInputElement) => (input.focus(), document.activeElement === input))).toBe(false);
    const before = await settledPaints(page);

    release();
    await expect(root).not.toHaveAttribute('data-prerendered');
    await expect(root).not.toHaveAttribute('inert');
    const field = page.getByLabel('E-mailadres', { exact: true });
    await field.fill('student@uva.nl');
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('student@uva.nl');

    const after = await paints(page);
    expect(after.shift).toBe(0);
    // the app waited for the screen's code: its splash never took the screen's place
    expect(after.splash).toBe(false);
    // The largest paint was the build's screen: the app's identical screen adds no later one.
    expect(after.lcp.at(-1)).toEqual(before.lcp.at(-1));
    await expectNoAxeViolations(page, 'login after the takeover');
  });

  test('a visitor on / sees the first step of the registration at once, and the app takes it over in place', async ({ page }) => {
    await watchPaints(page);
    const release = await holdEntryScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'register');
    await expect(page.locator('h1')).toHaveText('Welkom bij Blok');
    const before = await settledPaints(page);

    release();
    await expect(page).toHaveURL(/\/auth\/register$/);
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await page.getByRole('combobox', { name: 'Universiteit' }).click();
    await expect(page.getByRole('option', { name: 'Universiteit van Amsterdam', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    const after = await paints(page);
    expect(after.shift).toBe(0);
    // the app waited for the screen's code: its splash never took the screen's place
    expect(after.splash).toBe(false);
    expect(after.lcp.at(-1)).toEqual(before.lcp.at(-1));
  });
});
