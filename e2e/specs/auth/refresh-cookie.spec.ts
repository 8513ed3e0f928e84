import type { BrowserContext, Page } from '@playwright/test';
import { expect, signInWithForm, test } from '../../fixtures.ts';

// Issue 38 item 9 (decision 034): the refresh token lives in a cookie the API sets and no script
// reaches; the app keeps only the 15-minute access token where it can read it.

const REFRESH_LIFETIME_SECONDS = 30 * 86_400;

async function refreshCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === 'blok_refresh');
}

async function accessToken(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === 'access_token')?.value;
}

/** The next screen after a refresh: the machine may be loaded (signInWithForm waits as long). */
const SLOW = { timeout: 15_000 };

/** Everything the page's scripts can read where tokens could be kept. */
function readableByScript(page: Page): Promise<string> {
  return page.evaluate(() => JSON.stringify({ cookie: document.cookie, local: { ...localStorage }, session: { ...sessionStorage } }));
}

/** The access token ran out (its 15 minutes): the app's own cookies say so, as they would then. */
async function expireAccessToken(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.cookie = 'access_token=; Path=/; Max-Age=0';
    document.cookie = 'access_token_expires_at=; Path=/; Max-Age=0';
  });
}

test.describe('the refresh token in an HttpOnly cookie', () => {
  test('no script reads it; a reload keeps her signed in; an expired access token is refreshed with it', async ({ page, context, api }) => {
    test.setTimeout(60_000);
    const user = await api.createUser();
    await signInWithForm(page, user);

    const cookie = await refreshCookie(context);
    expect(cookie).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Strict', secure: false });
    // she keeps herself logged in: the cookie outlives the browser for the refresh token's lifetime
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(REFRESH_LIFETIME_SECONDS - 3600);
    expect(cookie!.expires - Date.now() / 1000).toBeLessThanOrEqual(REFRESH_LIFETIME_SECONDS);
    const token = cookie!.value.split('.')[1]!;
    let readable = await readableByScript(page);
    expect(readable).not.toContain('refresh');
    expect(readable).not.toContain(token);
    expect(readable).toContain('access_token=');

    // A reload keeps her signed in.
    await page.reload();
    await expect(page).toHaveURL(/\/home$/, SLOW);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible(SLOW);
    expect((await refreshCookie(context))!.value).toBe(cookie!.value);

    // The access token runs out: the next screen refreshes with the cookie, which the API rotates.
    const before = await accessToken(context);
    await expireAccessToken(page);
    const refresh = page.waitForRequest((r) => r.url().endsWith('/api/auth/login') && r.method() === 'POST');
    await page.goto('/profile');
    const request = await refresh;
    expect(request.postData()).toContain('grant_type=refresh_token');
    expect(request.postData()).not.toContain('refresh_token=');
    expect((await request.allHeaders()).cookie).toContain(`blok_refresh=${cookie!.value}`);
    expect((await (await request.response())!.json()) as object).not.toHaveProperty('refresh_token');
    await expect(page).toHaveURL(/\/profile$/, SLOW);
    await expect(page.getByRole('heading', { level: 1, name: 'Profiel' })).toBeVisible(SLOW);
    expect(await accessToken(context)).not.toBe(before);
    const rotated = await refreshCookie(context);
    expect(rotated!.value).not.toBe(cookie!.value);
    expect(rotated).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Strict' });
    readable = await readableByScript(page);
    expect(readable).not.toContain('refresh');
    expect(readable).not.toContain(rotated!.value.split('.')[1]!);

    // And again after a reload: still signed in, on the rotated cookie.
    await expireAccessToken(page);
    await page.reload();
    await expect(page).toHaveURL(/\/profile$/, SLOW);
    await expect(page.getByRole('heading', { level: 1, name: 'Profiel' })).toBeVisible(SLOW);
    expect((await refreshCookie(context))!.value).not.toBe(rotated!.value);
  });

  test('two tabs whose access token ran out refresh once between them and both stay signed in', async ({ page, context, api }) => {
    test.setTimeout(60_000);
    const user = await api.createUser();
    await signInWithForm(page, user);
    const second = await context.newPage();
    await second.goto('/home');
    await expect(second).toHaveURL(/\/home$/, SLOW);

    await expireAccessToken(page);
    const refreshes: string[] = [];
    context.on('request', (r) => {
      if (r.url().endsWith('/api/auth/login') && r.method() === 'POST') refreshes.push(r.url());
    });
    await Promise.all([page.goto('/profile'), second.goto('/bibliotheek')]);
    await expect(page.getByRole('heading', { level: 1, name: 'Profiel' })).toBeVisible(SLOW);
    await expect(second).toHaveURL(/\/bibliotheek$/, SLOW);
    await expect(second.getByRole('heading', { level: 1 })).toBeVisible(SLOW);
    // the lock let one tab refresh; the other took its new access token (a second use of the same
    // cookie would be forgiven within 10 s, but must not be needed)
    expect(refreshes).toHaveLength(1);
    // both still signed in after a reload
    await second.reload();
    await expect(second).toHaveURL(/\/bibliotheek$/, SLOW);
  });

  test('logout clears the cookie and ends its session', async ({ page, context, api, request }) => {
    const user = await api.createUser();
    await signInWithForm(page, user);
    const cookie = await refreshCookie(context);
    expect(cookie).toBeDefined();
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/auth\/login/, SLOW);
    expect(await refreshCookie(context)).toBeUndefined();
    // the cookie's token was revoked too: it refreshes nothing
    const reused = await request.post('/api/auth/login', {
      headers: { 'blok-refresh-cookie': '1', cookie: `blok_refresh=${cookie!.value}` },
      form: { grant_type: 'refresh_token', client_id: 'blok-web', client_secret: '', device_id: 'e2e-somebody-else' },
    });
    expect(reused.status()).toBe(400);
  });
});
