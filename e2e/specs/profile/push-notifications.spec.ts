import { expect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';

test.describe('push notifications', () => {
  test('a student turns on a daily reminder by keyboard and finds it saved after a reload', async ({ page, api }, testInfo) => {
    test.setTimeout(90_000);
    const user = await api.createUser();
    await signIn(page, user);
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Pushmeldingen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pushmeldingen' })).toBeVisible();

    const daily = page.getByRole('switch', { name: 'Dagelijkse studieherinnering' });
    await expect(daily).not.toBeChecked();
    await daily.focus();
    await page.keyboard.press('Space');
    await expect(daily).toBeChecked();
    await page.getByLabel('Tijdstip', { exact: true }).fill('08:30');
    const days = page.getByRole('group', { name: 'Dagen' });
    await days.getByRole('checkbox', { name: 'zaterdag' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('switch', { name: 'Nieuws over je vakken' }).check();
    await saveScreenshot(page, 'push-notifications', testInfo);
    await expectNoAxeViolations(page, 'push notifications');
    await page.getByRole('button', { name: 'Voorkeuren opslaan' }).click();
    await expect(page.getByText('Je voorkeuren zijn opgeslagen.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('switch', { name: 'Dagelijkse studieherinnering' })).toBeChecked();
    await expect(page.getByLabel('Tijdstip', { exact: true })).toHaveValue('08:30');
    await expect(page.getByRole('group', { name: 'Dagen' }).getByRole('checkbox', { name: 'zaterdag' })).toBeChecked();
    await expect(page.getByRole('group', { name: 'Dagen' }).getByRole('checkbox', { name: 'zondag' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Nieuws over je vakken' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Flashcards herhalen' })).not.toBeChecked();
  });

  test('the service worker shows a pushed reminder as a notification', async ({ page, context, api }) => {
    test.setTimeout(90_000);
    const user = await api.createUser();
    await context.grantPermissions(['notifications']);
    await signIn(page, user);
    await page.goto('/profile/push-notifications');
    // The app registers its service worker itself; a push reaches it once it is activated.
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'), { timeout: 30_000 })
      .toBe('activated');

    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const active = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(new URL(page.url()).origin));
        if (active) resolve(active.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const message = { title: 'Tijd om te studeren', body: 'Je dagelijkse studieherinnering.', url: '/home', tag: 'daily-reminder' };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(page.url()).origin, registrationId: await registrationId, data: JSON.stringify(message) });

    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.ready;
            return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url?: string }).url }));
          }),
        { timeout: 10_000 },
      )
      .toEqual([{ title: 'Tijd om te studeren', body: 'Je dagelijkse studieherinnering.', tag: 'daily-reminder', url: '/home' }]);
  });
});
