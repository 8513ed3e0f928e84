import { expect, loginForm, PASSWORD, resetLinkFor, saveScreenshot, signInWithForm, test } from '../../fixtures.ts';

test.describe('signed out by a new password', () => {
  test('a password reset elsewhere signs this browser out plainly, without the other-device notice', async ({ page, request, api }, testInfo) => {
    test.setTimeout(60_000);
    const user = await api.createUser();
    await signInWithForm(page, user);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Profiel' })).toBeVisible();

    // She resets her password through the mailed link (another device, not signed in).
    expect((await request.post('/api/auth/forgot-password', { data: { email: user.email } })).status()).toBe(202);
    let link: string | null = null;
    await expect.poll(() => (link = resetLinkFor(user.email)), { timeout: 15_000 }).not.toBeNull();
    const token = new URL(link!).searchParams.get('token')!;
    const newPassword = `${PASSWORD}x`;
    const reset = await request.post('/api/auth/reset-password', { data: { token, password: newPassword, passwordConfirmation: newPassword } });
    expect(reset.status()).toBe(204);

    // This browser learns it on its next request: back to login, without the automatic-logout notice.
    await page.reload();
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(loginForm(page).submit).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByText('Je bent automatisch uitgelogd')).toHaveCount(0);
    await expect(page.getByText('Je bent uitgelogd omdat er op een ander apparaat is ingelogd met jouw account.')).toHaveCount(0);
    await saveScreenshot(page, 'login-after-password-reset', testInfo);
  });
});
