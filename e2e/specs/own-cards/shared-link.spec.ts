import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { CHOICE, CLIENT_ID, PASSWORD, expect, expectNoAxeViolations, saveScreenshot, signIn, test, uniqueEmail, type TestUser } from '../../fixtures.ts';

// Issue 38: a revoked share link shows nothing of the set any more, also after a reload (the app
// keeps what it showed for offline use), and a classmate without an account keeps the link
// through making one.
test.use({ viewport: { width: 390, height: 844 } });

const CARD_FRONT = 'Wat is een variabele?';

/** The owner's side over HTTP: a set with one card, shared by link; and revoking that link. */
async function shareASet(request: APIRequestContext, owner: TestUser, title: string) {
  const login = await request.post('/api/auth/login', {
    form: { grant_type: 'password', client_id: CLIENT_ID, client_secret: '', device_id: `e2e-${randomUUID()}`, username: owner.email, password: owner.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = () => ({ authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() });
  const made = await request.post('/api/own-flashcard-sets', { headers: headers(), data: { title } });
  expect(made.status(), await made.text()).toBe(201);
  const set = (await made.json()) as { id: string };
  expect((await request.post(`/api/own-flashcard-sets/${set.id}/cards`, { headers: headers(), data: { front: CARD_FRONT, back: 'Iets wat kan veranderen' } })).status()).toBe(201);
  const share = await request.post(`/api/own-flashcard-sets/${set.id}/share`, { headers: headers() });
  expect(share.ok(), await share.text()).toBe(true);
  const { token: linkToken } = (await share.json()) as { token: string };
  return {
    link: `/kaarten/gedeeld/${linkToken}`,
    revoke: async () => expect((await request.delete(`/api/own-flashcard-sets/${set.id}/share`, { headers: headers() })).ok()).toBe(true),
  };
}

/** Opens a labelled dropdown (Radix Select) and picks an option by its visible name. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: label })).toContainText(option);
}

const addButton = (page: Page) => page.getByRole('button', { name: 'Voeg toe aan mijn kaarten' });

test.describe('a shared set’s link', () => {
  test('once revoked, shows only its message after a reload: no saved copy of the set, nothing to add', async ({ page, api, request }, testInfo) => {
    // three accounts' argon2 and a scan on a shared machine
    test.setTimeout(90_000);
    const [owner, classmate] = await Promise.all([api.createUser(), api.createUser()]);
    const shared = await shareASet(request, owner, 'Begrippen om te delen');
    await signIn(page, classmate);
    await page.goto(shared.link);
    await expect(page.getByRole('heading', { level: 1, name: 'Begrippen om te delen' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(CARD_FRONT, { exact: true })).toBeVisible();
    await expect(addButton(page)).toBeEnabled();

    await shared.revoke();
    // the reload restores what the page had saved for offline use, then asks the server
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('Deze link is ingetrokken door wie de set deelde. Vraag om een nieuwe link.', { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Gedeelde set' })).toBeVisible();
    await expect(addButton(page)).toHaveCount(0);
    await expect(page.getByText(CARD_FRONT, { exact: true })).toHaveCount(0);
    await expect(page.getByText('Begrippen om te delen')).toHaveCount(0);
    await saveScreenshot(page, 'own-cards-shared-revoked-reload', testInfo);
    await expectNoAxeViolations(page, 'revoked link after a reload');

    // and again, with the server slow to answer: nothing of the set is shown meanwhile
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/shared-flashcard-sets/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Gedeelde set' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(CARD_FRONT, { exact: true })).toHaveCount(0);
    await expect(addButton(page)).toHaveCount(0);
    release();
    await expect(page.getByRole('alert')).toContainText('Deze link is ingetrokken');
    await page.unroute('**/api/shared-flashcard-sets/**');
  });

  test('a classmate without an account makes one from the login and lands on the shared set', async ({ page, api, request }, testInfo) => {
    // an account made through all three steps, a copy and two scans on a shared machine
    test.setTimeout(120_000);
    const owner = await api.createUser();
    const shared = await shareASet(request, owner, 'Begrippen voor de werkgroep');

    await page.goto(shared.link);
    await expect(page).toHaveURL(`/auth/login?redirectTo=${encodeURIComponent(shared.link)}`, { timeout: 20_000 });
    await page.getByRole('link', { name: 'Maak een account aan' }).click();
    await expect(page).toHaveURL(`/auth/register?redirectTo=${encodeURIComponent(shared.link)}`);
    await expect(page.getByRole('heading', { name: 'Welkom bij Blok' })).toBeVisible();
    await choose(page, 'Universiteit', CHOICE.university.name);
    await choose(page, 'Studie', CHOICE.study.name);
    await choose(page, 'Jaar', CHOICE.year.name);
    await page.getByRole('button', { name: 'Start met studeren' }).click();
    await page.getByRole('button', { name: 'Sla introductie over' }).or(page.getByRole('link', { name: 'Sla introductie over' })).click();
    await expect(page.getByRole('heading', { name: 'Maak account aan' })).toBeVisible();
    await page.getByLabel('E-mailadres', { exact: true }).fill(uniqueEmail('shared-link'));
    await page.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Registreer account' }).click();

    // registered, she is where the link led, and adds the set
    await expect(page).toHaveURL(shared.link, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Begrippen voor de werkgroep' })).toBeVisible();
    await saveScreenshot(page, 'own-cards-shared-after-register', testInfo);
    await expectNoAxeViolations(page, 'shared set after registering');
    await addButton(page).click();
    await expect(page).toHaveURL(/\/kaarten\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await expect(page.getByText(CARD_FRONT, { exact: true })).toBeVisible();
  });
});
