import { expect, test } from '../../fixtures.ts';

/**
 * The first schema bump of the offline database with two tabs open (decision 013): a tab with Blok
 * open lets go of the database when another tab asks for a newer version, instead of blocking that
 * tab's upgrade until it is closed.
 */
test('an open tab lets go of the offline database when another tab upgrades it', async ({ page, context }) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // the app has opened its database (the saved data is read at start)
  await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).find((d) => d.name === 'blok-offline')?.version)).toBe(1);

  const other = await context.newPage();
  await other.goto('/robots.txt');
  const outcome = await other.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const events: string[] = [];
        const request = indexedDB.open('blok-offline', 2);
        request.onblocked = () => events.push('blocked');
        request.onupgradeneeded = () => events.push('upgrade');
        request.onsuccess = () => {
          events.push('success');
          request.result.close();
          resolve(events);
        };
        request.onerror = () => resolve([...events, 'error']);
        setTimeout(() => resolve([...events, 'still waiting']), 5000);
      }),
  );
  expect(outcome).toEqual(['upgrade', 'success']);
});
