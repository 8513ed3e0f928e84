import { expect, expectNoAxeViolations, loginForm, saveScreenshot, signInWithForm, test } from '../../fixtures.ts';

test.describe('logging in', () => {
  test('a registered student logs in and lands on Home', async ({ page, api }) => {
    const user = await api.createUser();
    await signInWithForm(page, user);
    await expect(page.getByRole('heading', { name: 'Welkom bij Blok' })).toBeVisible();
  });

  test('a wrong password shows that the combination is invalid and stays on login', async ({ page, api }, testInfo) => {
    const user = await api.createUser();
    await page.goto('/auth/login');
    const form = loginForm(page);
    await form.email.fill(user.email);
    await form.password.fill(`${user.password}-fout`);
    await form.submit.click();

    await expect(page.getByText('Ongeldige combinatie van gebruikersnaam en wachtwoord')).toBeVisible();
    // Both fields show the error state; the message sits under the password.
    await expect(form.email).toHaveAttribute('aria-invalid', 'true');
    await expect(form.password).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/auth\/login/);
    await saveScreenshot(page, 'login-wrong-password', testInfo);
  });

  test('the login page has no serious accessibility violations', async ({ page }, testInfo) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
    await saveScreenshot(page, 'login', testInfo);
    await expectNoAxeViolations(page, 'login');
  });

  test('the forgot-password page has no serious accessibility violations', async ({ page }, testInfo) => {
    await page.goto('/auth/forgot-password');
    await expect(page.getByRole('heading', { name: 'Wachtwoord vergeten' })).toBeVisible();
    await saveScreenshot(page, 'forgot-password', testInfo);
    await expectNoAxeViolations(page, 'forgot password');
  });

  test('Home has no serious accessibility violations for a signed-in student', async ({ page, api }, testInfo) => {
    const user = await api.createUser();
    await signInWithForm(page, user);
    await expect(page.getByRole('heading', { name: 'Welkom bij Blok' })).toBeVisible();
    await saveScreenshot(page, 'home', testInfo);
    await expectNoAxeViolations(page, 'home');
  });
});
