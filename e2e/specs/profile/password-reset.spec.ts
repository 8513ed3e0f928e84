import { expect, expectNoAxeViolations, loginForm, resetLinkFor, saveScreenshot, test } from '../../fixtures.ts';

const NEW_PASSWORD = 'Nieuw#wachtwoord9';

test.describe('forgotten password', () => {
  test('a student asks for a link, sets a new password through it and logs in with it', async ({ page, api }, testInfo) => {
    test.setTimeout(90_000);
    const user = await api.createUser();
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Wachtwoord vergeten' })).toBeVisible();
    await expectNoAxeViolations(page, 'forgot password');
    await page.getByLabel('E-mailadres').fill(user.email);
    await page.getByRole('button', { name: 'Verstuur link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link verzonden' });
    await expect(dialog).toContainText(user.email);
    await saveScreenshot(page, 'forgot-password-sent', testInfo);
    await expectNoAxeViolations(page, 'link sent popup');

    // The mail job delivers into the outbox within a poll or two.
    let link: string | null = null;
    await expect.poll(() => (link = resetLinkFor(user.email)), { timeout: 15_000 }).not.toBeNull();
    await page.goto(link!);
    await expect(page.getByRole('heading', { level: 1, name: 'Nieuw wachtwoord instellen' })).toBeVisible();
    await expectNoAxeViolations(page, 'reset password');
    await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Herhaal nieuw wachtwoord').fill(NEW_PASSWORD);
    await saveScreenshot(page, 'reset-password', testInfo);
    await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await expect(page.getByRole('dialog', { name: 'Wachtwoord gewijzigd' })).toBeVisible();

    // On to login by itself, with the password-changed notice that closes after 3 seconds.
    await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 6_000 });
    const notice = page.getByText('Je wachtwoord is gewijzigd. Log in met je nieuwe wachtwoord.');
    await expect(notice).toBeVisible();
    await expect(notice).toBeHidden({ timeout: 5_000 });

    const form = loginForm(page);
    await form.email.fill(user.email);
    await form.password.fill(user.password);
    await form.submit.click();
    await expect(page.getByText('Ongeldige combinatie van gebruikersnaam en wachtwoord')).toBeVisible();
    await form.password.fill(NEW_PASSWORD);
    await form.submit.click();
    await expect(page).toHaveURL(/\/home$/);

    // The link worked once.
    await page.goto(link!);
    await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('Nog#eenkeer22');
    await page.getByLabel('Herhaal nieuw wachtwoord').fill('Nog#eenkeer22');
    await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await expect(page.getByRole('alert')).toContainText('Deze link is verlopen of al gebruikt.');
  });
});
