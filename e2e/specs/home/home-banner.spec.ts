import { expect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';

test.describe('the Home banner', () => {
  test('a student without Premium sees the Premium offer, written by the web app from the API’s code', async ({ page, api }, testInfo) => {
    const bannerCall = page.waitForResponse((r) => r.url().endsWith('/api/home-banner/') && r.request().method() === 'GET');
    await signIn(page, await api.createUser());
    // The API answers codes and numbers, no sentences.
    expect(await (await bannerCall).json()).toEqual({ message: 'start', firstName: '', readChapterCount: 0, link: '/shop', userMessage: { code: 'premium', url: '/shop' } });

    const banner = page.getByRole('region', { name: 'Lees alle hoofdstukken met Premium' });
    await expect(banner).toBeVisible();
    await expect(banner.getByText(/Zo bespaar je tot € 150 per jaar op studieboeken\./)).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Bekijk Premium' })).toHaveAttribute('href', '/shop');
    await saveScreenshot(page, 'home-banner', testInfo);
    await expectNoAxeViolations(page, 'home with the Premium banner');
  });
});
