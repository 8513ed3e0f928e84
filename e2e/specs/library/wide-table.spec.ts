import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, expectNoAxeViolations, signIn, test } from '../../fixtures.ts';

// Issue 26: a table wider than a 390 px phone shows that it scrolls (a shadow on the edge and a
// hint) and scrolls by keyboard. Anatomie, chapter 1 (free) has a three-column table of terms.
const SCREENSHOT_DIR = join(import.meta.dirname, '..', '..', 'screenshots');

test('a wide table in the reader shows that it scrolls and scrolls by keyboard', async ({ page, api }) => {
  test.setTimeout(60_000);
  const user = await api.createUser();
  await signIn(page, user);
  await page.goto('/bibliotheek/subject/anatomie');
  await page.getByRole('link', { name: 'Begin met lezen' }).first().click();
  await expect(page).toHaveURL(/\/summary\/read\/[^/]+$|\/summary\/read\/[^/]+\/[^/]+$/);

  const region = page.getByRole('region', { name: 'Tabel 1, schuift opzij' });
  await expect(region).toBeVisible();
  const frame = region.locator('xpath=..');
  const hint = frame.locator('xpath=following-sibling::p[1]');
  await expect(hint).toHaveText('Schuif de tabel opzij om alles te zien');
  await expect(hint).toBeVisible();

  // More to the right: the right edge's shadow is painted, the left one is not.
  await expect(frame).toHaveAttribute('data-more-right', '');
  await expect(frame).not.toHaveAttribute('data-more-left');
  const shadow = (side: '::before' | '::after') => frame.evaluate((el, pseudo) => getComputedStyle(el, pseudo).opacity, side);
  await expect.poll(() => shadow('::after')).toBe('1');
  expect(await shadow('::before')).toBe('0');
  const { scrollWidth, clientWidth } = await region.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scrollWidth).toBeGreaterThan(clientWidth);

  await region.scrollIntoViewIfNeeded();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'reader-wide-table.png'), animations: 'disabled' });

  // Keyboard: it is in the tab order; the arrow keys scroll it to the end.
  await expect(region).toHaveAttribute('tabindex', '0');
  await region.focus();
  await expect(region).toBeFocused();
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await page.keyboard.press('End');
  await expect(frame).toHaveAttribute('data-more-left', '');
  await expect.poll(() => region.evaluate((el) => Math.ceil(el.scrollLeft + el.clientWidth) >= el.scrollWidth - 1)).toBe(true);
  await expect(frame).not.toHaveAttribute('data-more-right');
  await expectNoAxeViolations(page, 'reader with a wide table');
});
