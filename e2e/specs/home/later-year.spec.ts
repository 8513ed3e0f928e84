import { randomBytes } from 'node:crypto';
import { CLIENT_ID, PASSWORD, expect, expectNoAxeViolations, saveScreenshot, signIn, test, uniqueEmail } from '../../fixtures.ts';

// Issue 26: a UvA Psychologie Master student (no course for her year in the demo content) gets an
// honest Home: what there is (her study's subjects of earlier years, the search), no Premium offer
// for chapters she has none of.
test('Home tells a Master student what there is for her and sells her nothing', async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('master');
  const registered = await request.post('/api/auth/register', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: new URLSearchParams({
      device_id: `e2e-${randomBytes(8).toString('hex')}`,
      grant_type: 'external_register',
      client_id: CLIENT_ID,
      email,
      password: PASSWORD,
      university: 'uva',
      study: 'psychologie',
      year: 'master',
    }).toString(),
  });
  expect(registered.ok()).toBe(true);
  await signIn(page, { email, password: PASSWORD });

  await expect(page.getByRole('heading', { level: 1, name: 'Welkom bij Blok' })).toBeVisible();
  await expect(page.getByText(/Voor jouw studiejaar staan in Blok nog geen vakken klaar/)).toBeVisible();
  await expect(page.getByText(/Je vakken staan klaar/)).toHaveCount(0);
  const banner = page.getByRole('region', { name: 'Je bibliotheek is nog leeg' });
  await expect(banner).toBeVisible();
  await expect(page.getByText(/Premium/)).toHaveCount(0);
  const suggestions = page.getByRole('region', { name: 'Populair bij jouw studie' });
  await expect(suggestions.getByRole('link', { name: 'Inleiding in de psychologie' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Staat jouw vak er niet bij\?/ })).toHaveAttribute('href', '/bibliotheek');
  await expectNoAxeViolations(page, 'home of a Master student');
  await saveScreenshot(page, 'home-later-year', testInfo);

  // She adds a suggested subject: Home becomes the usual one.
  await suggestions.getByRole('button', { name: 'Toevoegen aan je bibliotheek: Inleiding in de psychologie' }).click();
  await expect(page.getByRole('region', { name: 'Je bibliotheek is nog leeg' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Lees alle hoofdstukken met Premium' })).toBeVisible();
});
