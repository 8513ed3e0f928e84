import { type Page } from '@playwright/test';
import { CHOICE, PASSWORD, expect, expectNoAxeViolations, saveScreenshot, test, uniqueEmail } from '../../fixtures.ts';

/** Opens a labelled dropdown (Radix Select) and picks an option by its visible name. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: label })).toContainText(option);
}

async function completeWelcomeStep(page: Page): Promise<void> {
  await page.goto('/auth/register');
  await expect(page.getByRole('heading', { name: 'Welkom bij Blok' })).toBeVisible();
  const start = page.getByRole('button', { name: 'Start met studeren' });
  await expect(start).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Studie' })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Jaar' })).toBeDisabled();

  await choose(page, 'Universiteit', CHOICE.university.name);
  await choose(page, 'Studie', CHOICE.study.name);
  await expect(start).toBeDisabled();
  await choose(page, 'Jaar', CHOICE.year.name);
  await expect(start).toBeEnabled();
}

test.describe('registering', () => {
  test('a new student registers through all three steps and lands on Home', async ({ page }, testInfo) => {
    // Three steps with an axe scan each, an argon2 registration and the profile: over 30 s on a loaded 2-core runner.
    test.setTimeout(60_000);
    await completeWelcomeStep(page);
    await saveScreenshot(page, 'register-1-welcome', testInfo);
    await expectNoAxeViolations(page, 'register step 1 (welcome)');
    await page.getByRole('button', { name: 'Start met studeren' }).click();

    await expect(page.getByRole('heading', { name: 'Heldere samenvattingen' })).toBeVisible();
    await saveScreenshot(page, 'register-2-onboarding', testInfo);
    await expectNoAxeViolations(page, 'register step 2 (onboarding)');
    await page.getByRole('button', { name: 'Sla introductie over' }).or(page.getByRole('link', { name: 'Sla introductie over' })).click();

    await expect(page.getByRole('heading', { name: 'Maak account aan' })).toBeVisible();
    const email = uniqueEmail('register');
    await page.getByLabel('E-mailadres', { exact: true }).fill(email);
    await page.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
    await saveScreenshot(page, 'register-3-account', testInfo);
    await expectNoAxeViolations(page, 'register step 3 (account form)');
    await page.getByRole('button', { name: 'Registreer account' }).click();

    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: 'Welkom bij Blok' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Verder studeren' })).toBeVisible();
    // Signed in as the new account, with the study she chose.
    await page.getByRole('link', { name: 'Profiel' }).click();
    await expect(page.getByText(email).first()).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Studie' })).toHaveText(/Psychologie/);
  });

  test('continuing through every onboarding slide also reaches the account form', async ({ page }) => {
    await completeWelcomeStep(page);
    await page.getByRole('button', { name: 'Start met studeren' }).click();

    const slideTitles = ['Heldere samenvattingen', 'Oefenvragen met uitleg', 'Onthoud meer met flashcards'];
    for (const title of slideTitles) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await page.getByRole('button', { name: 'Ga verder' }).click();
    }
    await expect(page.getByRole('heading', { name: 'Maak account aan' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Registreer account' })).toBeVisible();
  });
});
