import { expect, loginForm, signInWithForm, test } from '../../fixtures.ts';

test.describe('device cookie', () => {
  test('a browser that signed in keeps a device cookie for the login request only, and sends it with its next login', async ({ page, context, api }) => {
    test.setTimeout(60_000);
    const user = await api.createUser();
    await signInWithForm(page, user);

    const cookies = (await context.cookies()).filter((c) => c.name.startsWith('blok_device_'));
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatchObject({ path: '/api/auth/login', httpOnly: true, sameSite: 'Strict', secure: false });
    // HttpOnly: the app's scripts cannot read it
    expect(await page.evaluate(() => document.cookie)).not.toContain('blok_device_');
    const sent = `${cookies[0]!.name}=${cookies[0]!.value}`;

    // The app's other API requests do not carry it.
    const read = page.waitForRequest((r) => r.url().includes('/api/') && !r.url().includes('/api/auth/'));
    await page.goto('/profile');
    expect((await (await read).allHeaders()).cookie ?? '').not.toContain('blok_device_');

    // Signed out and in again (a typo first): the login requests carry it, and the right password
    // gives the browser a new one.
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/auth\/login/);
    const form = loginForm(page);
    await form.email.fill(user.email);
    await form.password.fill(`${user.password}x`);
    const typo = page.waitForRequest((r) => r.url().endsWith('/api/auth/login') && r.method() === 'POST');
    await form.submit.click();
    expect((await (await typo).allHeaders()).cookie).toContain(sent);
    await expect(page.getByText('Ongeldige combinatie van gebruikersnaam en wachtwoord')).toBeVisible();
    await form.password.fill(user.password);
    const right = page.waitForRequest((r) => r.url().endsWith('/api/auth/login') && r.method() === 'POST');
    await form.submit.click();
    expect((await (await right).allHeaders()).cookie).toContain(sent);
    await expect(page).toHaveURL(/\/home$/);
    const renewed = (await context.cookies()).filter((c) => c.name.startsWith('blok_device_'));
    expect(renewed).toHaveLength(1);
    expect(renewed[0]!.value).not.toBe(cookies[0]!.value);
  });
});
