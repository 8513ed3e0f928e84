import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';

// The built-in test checkout is the provider here (the e2e server has no MOLLIE_API_KEY).
// Runs against the demo content: chapter 1 of a summary is free, chapter 2 is premium.

/** From the library to chapter 2 of her first summary; answers the chapter's URL. */
async function openSecondChapter(page: Page): Promise<string> {
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Bibliotheek' }).click();
  await page.getByRole('article', { name: 'Inleiding in de psychologie' }).getByRole('link', { name: 'Inleiding in de psychologie' }).click();
  await page.getByRole('link', { name: /^Details van / }).first().click();
  await page.getByRole('link', { name: 'Begin met lezen' }).click();
  await expect(page.getByText('Hoofdstuk 1', { exact: true })).toBeVisible();
  await page.getByRole('navigation', { name: 'Vorig en volgend hoofdstuk' }).getByRole('link', { name: /Volgende/ }).click();
  await expect(page.getByText('Hoofdstuk 2', { exact: true })).toBeVisible();
  return page.url();
}

/** A date the way the shop writes it, in Dutch time. */
const dutchDate = (date: Date) => new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Amsterdam' }).format(date);

test.describe('shop and Premium', () => {
  test('a student meets the paywall, buys the yearly plan with the test checkout, reads the premium chapter and cancels', async ({ page, api }, testInfo) => {
    test.setTimeout(120_000);
    await signIn(page, await api.createUser());

    // The paywall promises what Premium unlocks (chapters), not the free questions and flashcards.
    const chapterTwo = await openSecondChapter(page);
    const paywall = page.getByRole('region', { name: 'Lees verder met Premium' });
    await expect(paywall).toBeVisible();
    await expect(paywall.getByText('Alle hoofdstukken van elke samenvatting')).toBeVisible();
    await expect(paywall.getByText(/oefenvragen|flashcards/i)).toHaveCount(0);
    await paywall.getByRole('link', { name: 'Bekijk Premium' }).click();

    // The shop: Dutch prices with VAT, the saving, the test mode clearly marked; yearly chosen.
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
    const plans = page.getByRole('group', { name: 'Kies je abonnement' });
    await expect(plans.getByRole('radio', { name: /Per jaar/ })).toBeChecked();
    await expect(plans.getByText('€\u00a079,99')).toBeVisible();
    await expect(plans.getByText('€\u00a09,99')).toBeVisible();
    await expect(plans.getByText('Bespaar €\u00a039,89')).toBeVisible();
    await expect(page.getByText(/Prijzen inclusief 21% btw/)).toBeVisible();
    await expect(page.getByText(/tot €\s150 per jaar op studieboeken/)).toBeVisible();
    // The built-in test checkout takes the payments: a banner says so first (decision 015).
    await expect(page.getByRole('region', { name: 'Testomgeving' }).getByText(/ingebouwde testbetaling/)).toBeVisible();
    await saveScreenshot(page, 'shop', testInfo);
    await expectNoAxeViolations(page, 'shop');

    // Checkout -> the test checkout page.
    await page.getByRole('button', { name: 'Ga naar betalen · €\u00a079,99' }).click();
    await expect(page).toHaveURL(/\/shop\/test-checkout\/tp_[0-9a-f]{32}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Testbetaling' })).toBeVisible();
    await expect(page.getByText('Dit is een testbetaling. Er wordt geen geld afgeschreven', { exact: false })).toBeVisible();
    await expect(page.getByText('€\u00a079,99')).toBeVisible();
    await saveScreenshot(page, 'shop-test-checkout', testInfo);
    await expectNoAxeViolations(page, 'test checkout');
    await page.getByRole('radio', { name: 'Betaald' }).check();
    await page.getByRole('button', { name: 'Bevestig testbetaling' }).click();

    // The return page: paid, Premium until a year from now.
    await expect(page).toHaveURL(/\/shop\/return\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Welkom bij Premium!' })).toBeVisible();
    const inAYear = new Date();
    inAYear.setFullYear(inAYear.getFullYear() + 1);
    await expect(page.getByText(`Je Premium loopt tot en met ${dutchDate(inAYear)}.`)).toBeVisible();
    await saveScreenshot(page, 'shop-return-paid', testInfo);
    await expectNoAxeViolations(page, 'return page (paid)');

    // Back to the chapter she wanted: it opens at once.
    await page.getByRole('link', { name: 'Verder lezen' }).click();
    await expect(page).toHaveURL(chapterTwo);
    await expect(page.getByText('Hoofdstuk 2', { exact: true })).toBeVisible();
    await expect(page.locator('article h2, article h3, article p').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Lees verder met Premium' })).toHaveCount(0);

    // Cancel from the profile: the end date shows; Premium stays until then.
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Profiel' }).click();
    const premium = page.getByRole('region', { name: 'Jouw Premium' });
    await expect(premium.getByText(`Wordt verlengd op ${dutchDate(inAYear)}.`)).toBeVisible();
    await premium.getByRole('button', { name: 'Abonnement opzeggen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Premium opzeggen?' });
    await expect(dialog.getByText(`Je houdt Premium tot en met ${dutchDate(inAYear)}.`, { exact: false })).toBeVisible();
    await expectNoAxeViolations(page, 'cancel dialog');
    await dialog.getByRole('button', { name: 'Ja, zeg op' }).click();
    await expect(dialog).toBeHidden();
    await expect(premium.getByText(`Je abonnement is opgezegd. Je hebt Premium tot en met ${dutchDate(inAYear)}.`)).toBeVisible();
    await expect(premium.getByText('Opgezegd', { exact: true })).toBeVisible();
    await expect(premium.getByRole('button', { name: 'Abonnement opzeggen' })).toHaveCount(0);
    await saveScreenshot(page, 'profile-premium-canceled', testInfo);
    await expectNoAxeViolations(page, 'profile with canceled Premium');

    // The shop shows the same, and the chapter still opens.
    await premium.getByRole('link', { name: 'Bekijk in de shop' }).click();
    await expect(page.getByRole('region', { name: 'Jouw Premium' }).getByText(`Je hebt Premium tot en met ${dutchDate(inAYear)}.`, { exact: false })).toBeVisible();
    await saveScreenshot(page, 'shop-canceled', testInfo);
    await expectNoAxeViolations(page, 'shop with canceled Premium');
    // A fresh page load (as on another device): the server, not the cache, grants the chapter.
    await page.goto(chapterTwo);
    await expect(page.getByText('Hoofdstuk 2', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Lees verder met Premium' })).toHaveCount(0);
  });

  test('a failed payment shows a clear Dutch message and grants nothing', async ({ page, api }, testInfo) => {
    test.setTimeout(90_000);
    await signIn(page, await api.createUser());
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Shop' }).click();
    await page.getByRole('group', { name: 'Kies je abonnement' }).getByRole('radio', { name: /Per maand/ }).check();
    await page.getByRole('button', { name: 'Ga naar betalen · €\u00a09,99' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Testbetaling' })).toBeVisible();
    await page.getByRole('radio', { name: 'Mislukt' }).check();
    await page.getByRole('button', { name: 'Bevestig testbetaling' }).click();

    await expect(page.getByRole('heading', { level: 2, name: 'De betaling is mislukt' })).toBeVisible();
    await expect(page.getByText('Er is niets afgeschreven en je hebt nog geen Premium.', { exact: false })).toBeVisible();
    await saveScreenshot(page, 'shop-return-failed', testInfo);
    await expectNoAxeViolations(page, 'return page (failed)');

    // Nothing granted: the premium chapter still shows the paywall, the shop offers the plans again.
    await openSecondChapter(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Lees verder met Premium' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Shop' }).click();
    await expect(page.getByRole('group', { name: 'Kies je abonnement' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Jouw Premium' })).toHaveCount(0);
  });

  test('the return page waits while the payment is still open and shows Premium as soon as it is paid', async ({ page, context, api }, testInfo) => {
    test.setTimeout(90_000);
    await signIn(page, await api.createUser());
    await page.goto('/shop');
    await page.getByRole('button', { name: 'Ga naar betalen · €\u00a079,99' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Testbetaling' })).toBeVisible();
    const checkoutUrl = page.url();
    await page.getByRole('radio', { name: 'Nog open (nog niet afgerond)' }).check();
    await page.getByRole('button', { name: 'Bevestig testbetaling' }).click();

    await expect(page.getByRole('heading', { level: 2, name: 'We wachten op je betaling' })).toBeVisible();
    await saveScreenshot(page, 'shop-return-pending', testInfo);
    await expectNoAxeViolations(page, 'return page (pending)');

    // The payment completes elsewhere (the bank, here a second tab); the open return page follows.
    const other = await context.newPage();
    await other.goto(checkoutUrl);
    await other.getByRole('radio', { name: 'Betaald' }).check();
    await other.getByRole('button', { name: 'Bevestig testbetaling' }).click();
    await expect(other.getByRole('heading', { level: 2, name: 'Welkom bij Premium!' })).toBeVisible();
    await other.close();
    await expect(page.getByRole('heading', { level: 2, name: 'Welkom bij Premium!' })).toBeVisible({ timeout: 15_000 });
  });
});
