import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, saveScreenshot, test } from '../../fixtures.ts';

// Spec section 2: the global toasts, hidden inside Blok's own native wrapper (user-agent token
// "BlokApp", see the README).

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const WRAPPER_UA = `${ANDROID_UA} BlokApp/2.4`;
const WRAPPER_IPHONE_UA = `${IPHONE_UA} BlokApp/2.4`;

/** Chromium's install prompt, as the browser fires it when the app is installable. */
async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, { prompt: () => Promise.resolve(), userChoice: Promise.resolve({ outcome: 'dismissed' }) });
    window.dispatchEvent(event);
  });
}

// The toast itself, inside the notifications region (Radix also announces its text once, elsewhere).
const toasts = (page: Page) => page.getByRole('region', { name: /^Meldingen/ });
const iosBanner = (page: Page) => toasts(page).getByText(/Installeer deze webapp op je iPhone/);
const installBanner = (page: Page) => toasts(page).getByText('Installeer de app op je telefoon!', { exact: true });

test.describe('install and update toasts', () => {
  test('an iPhone in browser mode shows the iOS banner, which can be closed', async ({ browser }, testInfo) => {
    const context = await browser.newContext({ userAgent: IPHONE_UA, viewport: { width: 390, height: 844 }, locale: 'nl-NL' });
    const page = await context.newPage();
    await page.goto('/auth/register');
    await expect(iosBanner(page)).toBeVisible();
    await saveScreenshot(page, 'pwa-ios-banner', testInfo);
    await expectNoAxeViolations(page, 'iOS banner');
    await page.getByRole('button', { name: 'Sluiten' }).click();
    await expect(iosBanner(page)).toBeHidden();
    await context.close();
  });

  test('Android in the browser: the install banner offers Niet nu and Installeren; Niet nu closes it', async ({ browser }, testInfo) => {
    const context = await browser.newContext({ userAgent: ANDROID_UA, viewport: { width: 390, height: 844 }, locale: 'nl-NL' });
    const page = await context.newPage();
    await page.goto('/auth/register');
    // The screen comes with the page (decision 032); the app listens once its code runs and takes over.
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    await offerInstall(page);
    await expect(installBanner(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Installeren' })).toBeVisible();
    await saveScreenshot(page, 'pwa-install-banner', testInfo);
    await expectNoAxeViolations(page, 'install banner');
    await page.getByRole('button', { name: 'Niet nu' }).click();
    await expect(installBanner(page)).toBeHidden();
    await context.close();
  });

  for (const [name, userAgent] of [
    ['Android', WRAPPER_UA],
    ['iPhone', WRAPPER_IPHONE_UA],
  ] as const) {
    test(`inside the native wrapper (${name}) no install, update or network toast shows`, async ({ browser }) => {
      const context = await browser.newContext({ userAgent, viewport: { width: 390, height: 844 }, locale: 'nl-NL' });
      const page = await context.newPage();
      await page.goto('/auth/register');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
      await offerInstall(page);
      await context.setOffline(true);
      await page.waitForTimeout(800);
      await expect(installBanner(page)).toHaveCount(0);
      await expect(iosBanner(page)).toHaveCount(0);
      await expect(page.getByText(/Geen internetverbinding/)).toHaveCount(0);
      await expect(page.getByText(/Installeer/)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Haal de nieuwste versie op' })).toHaveCount(0);
      // The wrapper registers no update flow either: nothing to announce.
      await context.setOffline(false);
      await context.close();
    });
  }

  test('on a first visit without the service worker, the offline toast still shows once she has touched the page', async ({ browser }) => {
    // The toasts' code is not part of the first screen (decision 014): it is fetched at the first tap
    // or key press, so going offline before the service worker has cached anything still shows it.
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 }, locale: 'nl-NL' });
    const page = await context.newPage();
    const toastChunk = page.waitForRequest((request) => /\/assets\/radix-toast-[\w-]+\.js$/.test(request.url()));
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
    await page.getByLabel('E-mailadres').click();
    await toastChunk;
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await expect(toasts(page).getByText('Geen internetverbinding')).toBeVisible();
    await context.setOffline(false);
    await context.close();
  });
});
