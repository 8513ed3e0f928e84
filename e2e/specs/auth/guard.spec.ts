import { expect, loginForm, test } from '../../fixtures.ts';

test.describe('guarded pages', () => {
  test('opening the library while logged out ends on the login page', async ({ page }) => {
    await page.goto('/bibliotheek');
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(loginForm(page).submit).toBeVisible();
  });
});
