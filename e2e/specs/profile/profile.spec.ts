import { expect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';

// An 8x8 PNG: enough for the server to decode, re-encode and resize into the profile picture.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWOwCTiBFTEMLQkAE7dVAbxNY/0AAAAASUVORK5CYII=',
  'base64',
);

test.describe('the profile', () => {
  test('a student edits her name and picture and sees them after a reload', async ({ page, api }, testInfo) => {
    test.setTimeout(90_000);
    const user = await api.createUser();
    await signIn(page, user);
    await page.getByRole('link', { name: 'Profiel' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profiel' })).toBeVisible();
    await expectNoAxeViolations(page, 'profile');

    const details = page.getByRole('region', { name: 'Persoonlijke gegevens' });
    await details.getByLabel('Voornaam').fill('Sanne');
    await details.getByLabel('Tussenvoegsel').fill('van');
    await details.getByLabel('Achternaam').fill('Dijk');
    await details.getByRole('button', { name: 'Gegevens opslaan' }).click();
    await expect(details.getByText('Je gegevens zijn opgeslagen.')).toBeVisible();

    await page.getByLabel('Foto wijzigen').setInputFiles({ name: 'ik.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('Je profielfoto is bijgewerkt.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Profielfoto' })).toHaveAttribute('src', /^\/api\/profile-pictures\//);

    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Sanne van Dijk' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Persoonlijke gegevens' }).getByLabel('Voornaam')).toHaveValue('Sanne');
    await expect(page.getByRole('combobox', { name: 'Studie' })).toHaveText(/Psychologie/);
    const picture = page.getByRole('img', { name: 'Profielfoto' });
    await expect(picture).toHaveAttribute('src', /^\/api\/profile-pictures\//);
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);
    await expect(page.getByRole('region', { name: 'Abonnement' }).getByRole('link', { name: 'Bekijk Blok Premium' })).toHaveAttribute('href', '/shop');
    await saveScreenshot(page, 'profile', testInfo);
    await expectNoAxeViolations(page, 'profile after editing');

    // Home now greets her by name.
    await page.getByRole('link', { name: 'Home' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welkom bij Blok, Sanne' })).toBeVisible();
  });

  test('a wrong current password is refused at its field', async ({ page, api }) => {
    test.setTimeout(90_000);
    const user = await api.createUser();
    await signIn(page, user);
    await page.goto('/profile');
    const form = page.getByRole('region', { name: 'Wachtwoord wijzigen' });
    await form.getByLabel('Huidig wachtwoord').fill('Verkeerd#123');
    await form.getByLabel('Nieuw wachtwoord', { exact: true }).fill('Nieuw#wachtwoord1');
    await form.getByLabel('Herhaal nieuw wachtwoord').fill('Nieuw#wachtwoord1');
    await form.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
    await expect(form.getByText('Je huidige wachtwoord klopt niet.')).toBeVisible();
    await expect(form.getByLabel('Huidig wachtwoord')).toHaveAttribute('aria-invalid', 'true');
  });
});
