import type { BrowserContext, Page } from '@playwright/test';
import { expect } from '../../fixtures.ts';

// Shared by the offline specs of issue 12.

/** Loads the page again once its service worker is active, so that it is controlled by it. */
export async function underServiceWorker(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'), { timeout: 30_000 })
    .toBe('activated');
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** The saved query cache is written half a second after a change. */
export const persisted = (page: Page) => page.waitForTimeout(1200);

/** The strip at the top: offline, or writes waiting for a connection. */
export const strip = (page: Page) => page.getByRole('status').filter({ hasText: /wachten? op verbinding|laatst bekende gegevens/ });

export async function accessToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'access_token');
  expect(cookie, 'signed in').toBeDefined();
  return cookie!.value;
}
