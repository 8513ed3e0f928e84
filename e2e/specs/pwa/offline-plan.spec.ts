import { randomUUID } from 'node:crypto';
import { expect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';
import { accessToken, persisted, strip, underServiceWorker } from './offline-helpers.ts';

// Issue 27, offline: today's plan on Home and the progress page show the last known state,
// marked as such, when she opens them without a connection.

const SUBJECT = 'inleiding-psychologie';

/** The date `days` from today in Amsterdam (her time zone and the browser's), YYYY-MM-DD. */
function dateIn(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

test('today\'s plan and the progress page show offline, marked as last known', async ({ page, api }, testInfo) => {
  test.slow();
  await signIn(page, await api.createUser());
  // Her exam in three weeks, every day a study day, set as the subject page's form does.
  const saved = await page.request.put(`/api/subjects/${SUBJECT}/exam-plan`, {
    headers: { authorization: `Bearer ${await accessToken(page.context())}`, 'idempotency-key': randomUUID() },
    data: { examDate: dateIn(21), minutesPerDay: 30, studyDays: [1, 2, 3, 4, 5, 6, 7], timeZone: 'Europe/Amsterdam' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await underServiceWorker(page);

  // Online: Home with today's plan, then the subject's progress page.
  await page.goto('/home');
  const today = page.getByRole('region', { name: 'Vandaag' });
  await expect(today.getByText('Nog 21 dagen tot je tentamen')).toBeVisible();
  const firstTask = today.getByRole('listitem').first();
  await expect(firstTask).toBeVisible();
  const task = (await firstTask.innerText()).split('\n')[0]!;
  await page.goto(`/bibliotheek/voortgang/${SUBJECT}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Voortgang' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Je zwakste hoofdstuk' })).toBeVisible();
  await persisted(page);

  // Offline: both open from this device, each saying it shows what was last known.
  await page.context().setOffline(true);
  await page.goto('/home');
  await expect(today.getByText(/^Offline: dit is je plan zoals het was om \d{1,2}[:.]\d{2}\.$/)).toBeVisible();
  await expect(today.getByText(task, { exact: false }).first()).toBeVisible();
  await expect(strip(page)).toContainText('Offline: je ziet de laatst bekende gegevens.');
  await saveScreenshot(page, 'offline-plan-home', testInfo);
  await expectNoAxeViolations(page, 'Home offline with today\'s plan');

  await page.goto(`/bibliotheek/voortgang/${SUBJECT}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Voortgang' })).toBeVisible();
  await expect(page.getByText(/^Je bent offline\. Je ziet je voortgang zoals die was op /)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Je zwakste hoofdstuk' })).toBeVisible();
  await expectNoAxeViolations(page, 'progress page offline');
});
