import { expect, expectNoAxeViolations, loginForm, saveScreenshot, signIn, test } from '../../fixtures.ts';

// Issue 26: deleting the account asks for her password and ends on a Dutch confirmation.
test('deleting the account asks for her password and ends on a Dutch confirmation', async ({ page, api }, testInfo) => {
  test.setTimeout(60_000);
  const user = await api.createUser();
  await signIn(page, user);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Account verwijderen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Account verwijderen?' });
  await expect(dialog).toBeVisible();
  const password = dialog.getByLabel('Je wachtwoord');
  const confirm = dialog.getByRole('button', { name: 'Ja, verwijder mijn account' });

  await confirm.click();
  await expect(dialog.getByText('Je moet een wachtwoord invoeren')).toBeVisible();
  await password.fill('Verkeerd#2024');
  await confirm.click();
  await expect(dialog.getByText('Dit wachtwoord klopt niet.')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'delete dialog with a wrong password');

  await password.fill(user.password);
  await confirm.click();
  await expect(page).toHaveURL(/\/auth\/account-deleted$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Je account is verwijderd' })).toBeVisible();
  await expect(page.getByText(/Je account en al je gegevens zijn definitief verwijderd/)).toBeVisible();
  await expectNoAxeViolations(page, 'account deleted');
  await saveScreenshot(page, 'account-deleted', testInfo);

  // It is really gone.
  await page.goto('/auth/login');
  const form = loginForm(page);
  await form.email.fill(user.email);
  await form.password.fill(user.password);
  await form.submit.click();
  await expect(page.getByText('Ongeldige combinatie van gebruikersnaam en wachtwoord')).toBeVisible();
});
