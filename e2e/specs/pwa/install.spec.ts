import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config.ts';
import { expect, test } from '../../fixtures.ts';

// Chromium's own installability check. It needs a persistent profile: a normal (incognito-like)
// context always answers "in-incognito".

test.describe('install', () => {
  test('Chromium finds no installability errors, and the manifest carries icons, maskable ones and the shortcuts', async ({ baseURL }) => {
    test.slow();
    const userDataDir = mkdtempSync(join(tmpdir(), 'blok-install-'));
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      baseURL,
      viewport: { width: 390, height: 844 },
      locale: 'nl-NL',
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/auth/register');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect
        .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'), { timeout: 30_000 })
        .toBe('activated');

      const cdp = await context.newCDPSession(page);
      await expect
        .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> }).installabilityErrors.map((e) => e.errorId), {
          timeout: 20_000,
        })
        .toEqual([]);

      const { data } = (await cdp.send('Page.getAppManifest')) as { data?: string };
      const manifest = JSON.parse(data ?? '{}') as {
        display: string;
        start_url: string;
        theme_color: string;
        icons: Array<{ sizes: string; purpose?: string }>;
        shortcuts: Array<{ name: string; url: string }>;
      };
      expect(manifest.display).toBe('standalone');
      expect(manifest.start_url).toBe('/home');
      expect(manifest.theme_color).toMatch(/^#/);
      const sizes = manifest.icons.map((i) => i.sizes);
      for (const size of ['48x48', '72x72', '96x96', '144x144', '192x192', '512x512']) expect(sizes).toContain(size);
      expect(manifest.icons.filter((i) => i.purpose === 'maskable').map((i) => i.sizes)).toEqual(['192x192', '512x512']);
      expect(manifest.shortcuts.map((s) => s.url)).toEqual(['/bibliotheek', '/summary/last']);
      for (const icon of manifest.icons) {
        const src = (icon as { src?: string }).src!;
        expect((await page.request.get(src)).ok(), src).toBe(true);
      }
    } finally {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    }
  });
});
