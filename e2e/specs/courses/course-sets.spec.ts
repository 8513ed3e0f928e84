import { randomUUID } from 'node:crypto';
import { expect as baseExpect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';
import { accessToken } from '../pwa/offline-helpers.ts';

const expect = baseExpect.configure({ timeout: 20_000 });

// Issue 41: her own course has her card sets; existing own sets can move into it.
test('she makes a card set in her own course and moves a set she had into it, by keyboard', async ({ page, api }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, await api.createUser());
  const authorization = `Bearer ${await accessToken(page.context())}`;
  const course = await page.request.post('/api/courses', { headers: { authorization, 'idempotency-key': randomUUID() }, data: { name: 'Sociale psychologie' } });
  expect(course.status(), await course.text()).toBe(201);
  const courseId = ((await course.json()) as { course: { id: string } }).course.id;
  const personal = await page.request.post('/api/own-flashcard-sets', { headers: { authorization, 'idempotency-key': randomUUID() }, data: { title: 'Losse begrippen' } });
  expect(personal.status()).toBe(201);
  const personalId = ((await personal.json()) as { id: string }).id;

  // on the course's page: no sets yet, one made in a step
  await page.goto(`/bibliotheek/eigen-vak/${courseId}`);
  const sets = page.getByRole('region', { name: 'Kaartensets' });
  await expect(sets.getByText(/Nog geen kaartensets in dit vak/)).toBeVisible();
  await sets.getByLabel('Naam van een nieuwe set in dit vak').focus();
  await page.keyboard.type('Dissonantie');
  await page.keyboard.press('Enter');
  await expect(sets.getByRole('listitem').filter({ hasText: 'Dissonantie' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Set Dissonantie gemaakt.' })).toBeAttached();

  // a set she had moves in through its settings: 'Vak' lists her own courses
  await page.goto(`/kaarten/${personalId}`);
  await page.getByText('Set aanpassen').click();
  const place = page.getByRole('combobox', { name: 'Vak' });
  await expect(place.locator('optgroup[label="Eigen vakken"] option')).toHaveText(['Sociale psychologie']);
  await place.focus();
  await place.selectOption({ label: 'Sociale psychologie' });
  await page.getByRole('button', { name: 'Opslaan', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Set opgeslagen.')).toBeAttached();

  await page.goto(`/bibliotheek/eigen-vak/${courseId}`);
  await expect(sets.getByRole('listitem')).toHaveCount(2);
  await expect(sets.getByRole('link', { name: 'Losse begrippen openen' })).toBeVisible();
  await saveScreenshot(page, 'courses-card-sets', testInfo);
  await expectNoAxeViolations(page, 'a course with its card sets');
});
