import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';

// Runs against the demo content (psychology for the fixtures' student: psychologie, bachelor 1).
// Titles are read from the page, so the spec does not depend on the content's exact wording.

const SCREENSHOT_DIR = join(import.meta.dirname, '..', '..', 'screenshots');

/** The reader as a student sees it on a 390 x 844 phone: the viewport, not the whole chapter. */
async function saveViewport(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled' });
}

const isProgressSave = (page: Page) =>
  page.waitForResponse((r) => /\/api\/summaries\/[^/]+\/progress$/.test(r.url()) && r.request().method() === 'PUT' && r.ok());

test.describe('reading a summary', () => {
  test('a new student finds her subjects, reads chapter 1, meets the paywall at chapter 2 and comes back to the same place', async ({ page, api }, testInfo) => {
    test.setTimeout(120_000);
    const user = await api.createUser();
    await signIn(page, user);

    // Home: the greeting of a new student, the banner (Premium offer for a student without a subscription), nothing read yet.
    await expect(page.getByRole('heading', { level: 1, name: 'Welkom bij Blok' })).toBeVisible();
    await expect(page.getByRole('region', { name: /Premium/ })).toBeVisible();
    await expect(page.getByText('Je hebt nog niets gelezen')).toBeVisible();
    await expectNoAxeViolations(page, 'home');

    // Library: her study's subjects, not another study's.
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Bibliotheek' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bibliotheek' })).toBeVisible();
    const card = page.getByRole('article', { name: 'Inleiding in de psychologie' });
    await expect(card).toBeVisible();
    await expect(page.getByRole('article', { name: /recht/i })).toHaveCount(0);
    await expect(page.getByText(/vakken? beschikbaar/)).toBeVisible();
    await saveScreenshot(page, 'library', testInfo);
    await expectNoAxeViolations(page, 'library');

    // Subject -> summary details.
    await card.getByRole('link', { name: 'Inleiding in de psychologie' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inleiding in de psychologie' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Oefenvragen' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Flashcards van dit vak' })).toBeVisible();
    await expectNoAxeViolations(page, 'subject');
    await page.getByRole('link', { name: /^Details van / }).first().click();
    await expect(page).toHaveURL(/\/bibliotheek\/details\//);
    await expect(page.getByRole('link', { name: 'Terug naar Home' })).toHaveAttribute('href', '/home');
    await expect(page.getByText('Gratis', { exact: true })).toHaveCount(1);
    await saveScreenshot(page, 'library-details', testInfo);
    await expectNoAxeViolations(page, 'summary details');

    // Chapter 1 (free).
    await page.getByRole('link', { name: 'Begin met lezen' }).click();
    await expect(page).toHaveURL(/\/summary\/read\/[^/]+\/[^/]+$/);
    const chapterOne = page.url();
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toBeVisible();
    await expect(page.getByText('Hoofdstuk 1', { exact: true })).toBeVisible();
    await expect(page.locator('article h2, article h3').first()).toBeVisible();
    await saveViewport(page, 'reader');
    await expectNoAxeViolations(page, 'reader');

    // Text size: larger and back.
    await page.getByRole('button', { name: 'A+, grotere tekst' }).click();
    await page.getByRole('button', { name: 'A−, kleinere tekst' }).click();

    // Read to the end, then on to chapter 2, which is premium: the paywall, leading to the shop.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const next = page.getByRole('navigation', { name: 'Vorig en volgend hoofdstuk' }).getByRole('link', { name: /Volgende/ });
    await next.click();
    await expect(page.getByRole('heading', { level: 2, name: 'Lees verder met Premium' })).toBeVisible();
    await expect(page.getByText('Hoofdstuk 2', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Bekijk Premium' })).toHaveAttribute('href', '/shop');
    await saveViewport(page, 'reader-paywall');
    await expectNoAxeViolations(page, 'paywall');

    // The chapter list: chapter 1 read, chapter 2 locked, with priorities and questions.
    await page.getByRole('link', { name: 'Hoofdstukken' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hoofdstukken' })).toBeVisible();
    await expect(page.getByText(/^1 van \d+ hoofdstukken gelezen$/)).toBeVisible();
    const rows = page.getByRole('list', { name: /^Hoofdstukken van / }).getByRole('listitem');
    await expect(rows.nth(0).getByText('Gelezen')).toBeVisible();
    await expect(rows.nth(1).getByText('Premium')).toBeVisible();
    await expect(page.getByText('Prioriteit voor je tentamen:')).toBeVisible();
    await expectNoAxeViolations(page, 'chapter list');

    // Back in chapter 1, she reads to somewhere in the middle; her place is saved.
    await rows.nth(0).getByRole('link').first().click();
    await expect(page).toHaveURL(chapterOne);
    await expect(title).toBeVisible();
    const saved = isProgressSave(page);
    await page.evaluate(() => window.scrollTo(0, Math.round((document.documentElement.scrollHeight - window.innerHeight) * 0.45)));
    await saved;
    const place = await page.evaluate(() => window.scrollY);
    expect(place).toBeGreaterThan(300);

    // She leaves: Home offers her chapter under 'Verder studeren' and brings her back to the same place.
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { name: 'Verder studeren' })).toBeVisible();
    const continueCard = page.getByRole('link', { name: /H1\. .*Verder lezen/ });
    await expect(continueCard).toBeVisible();
    await expectNoAxeViolations(page, 'home with progress');
    await continueCard.click();
    await expect(page).toHaveURL(chapterOne);
    await expect(title).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBeGreaterThan(place - 60);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - place)).toBeLessThan(60);

    // Also after closing the app: a fresh load of the reader resumes there.
    await page.goto(chapterOne);
    await expect(title).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBeGreaterThan(place - 60);
  });
});
