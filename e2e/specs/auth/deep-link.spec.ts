import { expect, expectNoAxeViolations, loginForm, test } from '../../fixtures.ts';

// Issue 26: a link opened while signed out is not lost behind the login.
test.describe('a deep link opened while signed out', () => {
  test('leads to the login and, once logged in, to the subject she opened', async ({ page, api }) => {
    const user = await api.createUser();
    await page.goto('/bibliotheek/subject/anatomie');
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fbibliotheek%2Fsubject%2Fanatomie$/);
    await expectNoAxeViolations(page, 'login after a deep link');
    const form = loginForm(page);
    await form.email.fill(user.email);
    await form.password.fill(user.password);
    await form.submit.click();
    await expect(page).toHaveURL(/\/bibliotheek\/subject\/anatomie$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Anatomie' })).toBeVisible();
  });

  test('never leads to another site', async ({ page, api }) => {
    const user = await api.createUser();
    await page.goto(`/auth/login?redirectTo=${encodeURIComponent('//example.com/phish')}`);
    const form = loginForm(page);
    await form.email.fill(user.email);
    await form.password.fill(user.password);
    await form.submit.click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/home$/);
  });
});
