import type { Locator, Page } from '@playwright/test';
import { expect as baseExpect, expectNoAxeViolations, signIn, test } from '../../fixtures.ts';

// A shared machine: the first load of the app may wait longer than the default.
const expect = baseExpect.configure({ timeout: 30_000 });

// An address the app does not know (issue 42): the page says so, keeps the address and leads on,
// signed out and signed in, at the phone size of the config (390x844), by keyboard.

/** Tabs from the top of the page until `target` has focus (at most `max` presses). */
async function tabTo(page: Page, target: Locator, max = 12): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  await expect(target).toBeFocused();
}

test.describe('an unknown address', () => {
  test.slow();

  test('signed out: says the page is not found and leads to Home by keyboard', async ({ page }) => {
    const response = await page.goto('/dit-adres-bestaat-niet');
    // The server answers every screen address with the app (200); the app knows its routes and the
    // service worker answers navigations from its copy of index.html anyway.
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Pagina niet gevonden' })).toBeVisible();
    await expect(page).toHaveURL(/\/dit-adres-bestaat-niet$/);
    await expect(page).toHaveTitle(/Pagina niet gevonden/);
    const waysOn = page.getByRole('navigation', { name: 'Verder naar' });
    await expect(waysOn.getByRole('link', { name: 'Inloggen' })).toHaveAttribute('href', '/auth/login');
    await expectNoAxeViolations(page, 'not found, signed out');

    const home = waysOn.getByRole('link', { name: 'Naar Home' });
    await tabTo(page, home);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Slimmer studeren met Blok' })).toBeVisible();
  });

  test('signed in: says the page is not found, with the navigation, and leads to the library by keyboard', async ({ page, api }) => {
    await signIn(page, await api.createUser());
    await page.goto('/bibliotheek/bestaat/ook/niet');
    await expect(page.getByRole('heading', { level: 1, name: 'Pagina niet gevonden' })).toBeVisible();
    await expect(page).toHaveURL(/\/bibliotheek\/bestaat\/ook\/niet$/);
    await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeVisible();
    await expectNoAxeViolations(page, 'not found, signed in');

    const library = page.getByRole('navigation', { name: 'Verder naar' }).getByRole('link', { name: 'Naar de bibliotheek' });
    await tabTo(page, library);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/bibliotheek$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bibliotheek' })).toBeVisible();
  });
});
