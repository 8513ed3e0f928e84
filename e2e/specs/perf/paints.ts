import type { Page } from '@playwright/test';

/**
 * What the specs of pages that come with their screen (decisions 032, 048) watch: the app's entry held
 * back, so the page is seen as a phone sees it while the code loads, and the page's layout shifts,
 * largest paints and whether the app's splash ever showed, from its first moment.
 */

/** Holds the app's entry script back until the returned function lets it through. */
export async function holdEntryScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

export type Paints = { shift: number; lcp: Array<{ time: number; text: string; size: number }>; splash: boolean };

/** Records layout shifts, the largest paints and whether the app's splash ever showed, from the first moment of the page. */
export async function watchPaints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: Paints = { shift: 0, lcp: [], splash: false };
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) if (node instanceof Element && (node.matches('[data-app-splash]') || node.querySelector('[data-app-splash]'))) seen.splash = true;
      }
    }).observe(document, { childList: true, subtree: true });
    (window as unknown as { __paints: Paints }).__paints = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) seen.shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { element: Element | null; size: number }>)
        seen.lcp.push({ time: entry.startTime, text: (entry.element?.textContent ?? '').slice(0, 200), size: entry.size });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

export const paints = (page: Page): Promise<Paints> => page.evaluate(() => (window as unknown as { __paints: Paints }).__paints);
