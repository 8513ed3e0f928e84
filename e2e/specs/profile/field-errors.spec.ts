import { expect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';

// Issue 26: a first name with digits is caught in the form, under its own field, in Dutch, with the
// rule the API uses too; the server's field name never reaches the screen.
test('the profile shows a field error under its own field, in Dutch', async ({ page, api }, testInfo) => {
  const user = await api.createUser();
  await signIn(page, user);
  await page.goto('/profile');
  const form = page.getByRole('region', { name: 'Persoonlijke gegevens' });
  const firstName = form.getByLabel('Voornaam');
  await firstName.fill('Sanne2');
  let sent = false;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith('/api/user/profile')) sent = true;
  });
  await form.getByRole('button', { name: 'Gegevens opslaan' }).click();
  await expect(firstName).toHaveAttribute('aria-invalid', 'true');
  await expect(firstName).toHaveAccessibleDescription('Gebruik alleen letters, spaties, streepjes en apostroffen');
  await expect(firstName).toBeFocused();
  await expect(page.getByText(/firstName|Ongeldige invoer/)).toHaveCount(0);
  expect(sent).toBe(false);
  await expectNoAxeViolations(page, 'profile with a field error');
  await firstName.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'profile-field-error', testInfo);

  // The API refuses the same name with the same message, for that field.
  const token = await page.evaluate(() => document.cookie.split('; ').find((c) => c.startsWith('access_token='))?.split('=')[1] ?? '');
  const res = await page.request.put('/api/user/profile', {
    headers: { authorization: `Bearer ${decodeURIComponent(token)}` },
    data: { firstName: 'Sanne2', middleName: '', lastName: '', university: 'uva', study: 'psychologie', year: 'bachelor-1' },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).fields).toEqual([{ field: 'firstName', message: 'Gebruik alleen letters, spaties, streepjes en apostroffen' }]);
});
