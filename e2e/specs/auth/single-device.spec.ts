import { expect, loginForm, saveScreenshot, signInWithForm, test } from '../../fixtures.ts';

test.describe('one active device per account', () => {
  test('logging in on a second browser signs out the first with the automatic-logout notice', async ({ page, browser, api }, testInfo) => {
    // Two browsers, two argon2 logins, a reload and a settle wait: near 30 s on a loaded 2-core runner.
    test.setTimeout(60_000);
    const user = await api.createUser();
    await signInWithForm(page, user);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Profiel' })).toBeVisible();

    const second = await browser.newContext();
    try {
      const otherPage = await second.newPage();
      await signInWithForm(otherPage, user);
    } finally {
      await second.close();
    }

    // The first browser learns it was signed out on its next authenticated request.
    await page.reload();
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(page.getByText('Je bent automatisch uitgelogd')).toBeVisible();
    await expect(page.getByText('Je bent uitgelogd omdat er op een ander apparaat is ingelogd met jouw account.')).toBeVisible();
    await expect(loginForm(page).submit).toBeVisible();
    // Being signed out by another device is expected, not an error: no error toast on top of the
    // notice. Checked once after the page has settled (idle network plus a short grace period for
    // late renders), not with a retrying assertion: toasts close by themselves after 7 s, so
    // `toHaveCount(0)` would simply wait one out.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_500);
    const toasts = page.getByRole('region', { name: /^Meldingen/ }).getByRole('listitem');
    await saveScreenshot(page, 'login-auto-logout', testInfo);
    expect(await toasts.allInnerTexts(), 'toasts shown after the automatic logout').toEqual([]);
  });
});
