import { expect, loginForm, signInWithForm, test } from '../../fixtures.ts';

test.describe('logging out', () => {
  test('visiting /logout signs the student out and ends on the login page', async ({ page, api }) => {
    const user = await api.createUser();
    await signInWithForm(page, user);

    await page.goto('/logout');
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(loginForm(page).submit).toBeVisible();

    // Signed out for real: a guarded page now leads back to login.
    await page.goto('/bibliotheek');
    await expect(page).toHaveURL(/\/auth\/login/);
  });
});
