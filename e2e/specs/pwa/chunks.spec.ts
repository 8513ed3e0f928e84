import { expect, expectNoAxeViolations, saveScreenshot, test } from '../../fixtures.ts';

// Spec sections 8 and 9: a script chunk that fails or takes longer than 120 s is a chunk load error,
// shown in Dutch with a retry, never a white screen. (A fresh context: no service worker yet, so
// the chunks come from the network, where the test can hold them back.)

const errorHeading = (page: import('@playwright/test').Page) => page.getByRole('heading', { level: 1, name: 'Deze pagina kon niet worden geladen' });

test.describe('chunk load errors', () => {
  test("the app's own chunk fails: a Dutch error with 'Pagina opnieuw laden', which loads the app", async ({ page }, testInfo) => {
    await page.route(/\/assets\/app-[^/]*\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/auth/register');
    await expect(errorHeading(page)).toBeVisible();
    await expect(page.getByText(/Controleer je internetverbinding/)).toBeVisible();
    await saveScreenshot(page, 'chunk-error-start', testInfo);
    await expectNoAxeViolations(page, 'start chunk error');

    await page.unroute(/\/assets\/app-[^/]*\.js$/);
    await page.getByRole('button', { name: 'Pagina opnieuw laden' }).click();
    await expect(errorHeading(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  });

  test('a route chunk that has not arrived after 120 s shows the chunk error with a retry', async ({ page }, testInfo) => {
    await page.clock.install();
    // The tutorial's chunk never answers.
    await page.route(/\/assets\/tutorial-[^/]*\.js$/, () => undefined);
    await page.goto('/auth/register');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.evaluate(() => {
      window.history.pushState({}, '', '/tutorial');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.clock.fastForward(100_000);
    await expect(errorHeading(page)).toHaveCount(0);
    await page.clock.fastForward(20_000);
    await expect(errorHeading(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pagina opnieuw laden' })).toBeVisible();
    await saveScreenshot(page, 'chunk-error-route', testInfo);
    await expectNoAxeViolations(page, 'route chunk error');
  });
});
