import { accessToken } from '../pwa/offline-helpers.ts';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';

const CHAPTER = 'psy-grondslagen';
const SUMMARY = 'inleiding-psychologie-samenvatting';

const positionText = (page: Page, current: number, total: number) => page.getByText(`Kaart ${current} van ${total}`, { exact: true });
const cardGroup = (page: Page, side: 'Voorkant' | 'Achterkant') => page.getByRole('group', { name: new RegExp(`^Kaart \\d+ van \\d+, ${side}$`) });

/** Adds a card to the set whose page is open, through the card editor. */
async function addCard(page: Page, front: string, back: string) {
  await page.getByRole('link', { name: 'Kaart toevoegen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe kaart' })).toBeVisible();
  await page.getByLabel('Voorkant', { exact: true }).fill(front);
  await page.getByLabel('Achterkant', { exact: true }).fill(back);
  await page.getByRole('button', { name: 'Kaart opslaan' }).click();
  await expect(page).toHaveURL(/\/kaarten\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByText(front, { exact: true })).toBeVisible();
}

test.describe('own flashcards', () => {
  test('she makes a set from the library, adds cards and studies it in the flashcard session', async ({ page, api }, testInfo) => {
    // a long journey with five accessibility scans on a shared machine
    test.setTimeout(120_000);
    await signIn(page, await api.createUser());

    // The library leads to her own cards.
    await page.goto('/bibliotheek');
    await page.getByRole('link', { name: 'Naar mijn kaarten' }).click({ timeout: 30_000 });
    await expect(page).toHaveURL('/kaarten');
    await expect(page.getByRole('heading', { level: 1, name: 'Mijn kaarten' })).toBeVisible();
    await expect(page.getByText('Je hebt nog geen eigen sets.')).toBeVisible();

    await page.getByLabel('Naam van de set').fill('Begrippen psychologie');
    await page.getByLabel('Vak', { exact: true }).selectOption({ label: 'Inleiding in de psychologie' });
    await page.getByRole('button', { name: 'Set maken' }).click();
    await expect(page.getByRole('heading', { level: 3, name: 'Begrippen psychologie' })).toBeVisible();
    await expect(page.getByText('Set Begrippen psychologie gemaakt.')).toBeAttached();
    await saveScreenshot(page, 'own-cards-sets', testInfo);
    await expectNoAxeViolations(page, 'own sets');

    await page.getByRole('link', { name: 'Begrippen psychologie openen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Begrippen psychologie' })).toBeVisible();
    await expect(page.getByText('Deze set heeft nog geen kaarten.')).toBeVisible();
    await page.getByRole('link', { name: 'Kaart toevoegen' }).click();
    await expect(page.getByRole('radio', { name: 'Begrippen psychologie' })).toBeChecked();
    await saveScreenshot(page, 'own-cards-editor', testInfo);
    await expectNoAxeViolations(page, 'card editor');
    await page.goBack();
    await addCard(page, 'Wat is psychologie?', 'De wetenschap van **gedrag** en mentale processen');
    await addCard(page, 'Wat is een hypothese?', 'Een toetsbare voorspelling');
    // Markdown shows as the demo cards do
    await expect(page.locator('strong', { hasText: 'gedrag' })).toBeVisible();
    // Reorder: the second card up
    await page.getByRole('button', { name: 'Kaart 2 omhoog' }).click();
    await expect(page.getByText('Kaart staat nu op plaats 1.')).toBeAttached();
    await expect(page.getByRole('listitem').filter({ hasText: 'Kaart 1' }).first()).toContainText('Wat is een hypothese?');
    // Labels on a card, as an import keeps Anki's tags: a too long one is refused in Dutch first.
    await page.getByRole('link', { name: 'Kaart 1 bewerken' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Kaart bewerken' })).toBeVisible();
    const labels = page.getByLabel('Labels (mag leeg)');
    await labels.fill(`methode ${'x'.repeat(61)}`);
    await page.getByRole('button', { name: 'Kaart opslaan' }).click();
    await expect(page.getByText('Een label is hoogstens 60 tekens.')).toBeVisible();
    await expect(labels).toHaveAttribute('aria-invalid', 'true');
    await labels.fill('methode, psychologie::begrippen');
    await page.getByRole('button', { name: 'Kaart opslaan' }).click();
    await expect(page).toHaveURL(/\/kaarten\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('list', { name: 'Labels van kaart 1' }).getByRole('listitem')).toHaveText(['methode', 'psychologie::begrippen']);
    await saveScreenshot(page, 'own-cards-set', testInfo);
    await expectNoAxeViolations(page, 'own set');

    // Study it with the flashcards' settings and session screens.
    await page.getByRole('link', { name: 'Oefenen', exact: true }).click();
    await expect(page.getByRole('radio', { name: /Begrippen psychologie/ })).toBeChecked();
    await saveScreenshot(page, 'own-cards-study-settings', testInfo);
    await expectNoAxeViolations(page, 'own set settings');
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(page).toHaveURL(/\/kaarten\/[0-9a-f-]{36}\/sessie\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await expect(positionText(page, 1, 2)).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(cardGroup(page, 'Voorkant')).toContainText('Wat is een hypothese?');
    await saveScreenshot(page, 'own-cards-session', testInfo);
    await expectNoAxeViolations(page, 'own set session');
    await page.keyboard.press('Space');
    await expect(cardGroup(page, 'Achterkant')).toContainText('Een toetsbare voorspelling');
    await page.keyboard.press('ArrowRight');
    await expect(positionText(page, 2, 2)).toBeVisible();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('heading', { level: 1, name: 'Klaar met deze ronde!' })).toBeVisible();
    await page.getByRole('link', { name: 'Terug naar flashcards' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Begrippen psychologie' })).toBeVisible();
    await expect(page.getByText('1 van 2 gekend')).toBeVisible();

  });

  test('a classmate adds a copy from her share link; once she revokes it, the link says so', async ({ page, api }, testInfo) => {
    // four sign-ins (argon2) and two accessibility scans on a shared machine
    test.setTimeout(120_000);
    const owner = await api.createUser();
    const classmate = await api.createUser();
    await signIn(page, owner);
    await page.goto('/kaarten');
    await page.getByLabel('Naam van de set').fill('Gedeelde begrippen');
    await page.getByRole('button', { name: 'Set maken' }).click();
    await page.getByRole('link', { name: 'Gedeelde begrippen openen' }).click();
    await addCard(page, 'Wat is een variabele?', 'Iets wat kan veranderen');
    await page.getByRole('button', { name: 'Maak een deellink' }).click();
    const link = new URL(await page.getByLabel('Deellink').inputValue()).pathname;
    expect(link).toMatch(/^\/kaarten\/gedeeld\/[A-Za-z0-9_-]{43}$/);
    await saveScreenshot(page, 'own-cards-share', testInfo);

    await page.goto('/logout');
    await signIn(page, classmate);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Gedeelde begrippen' })).toBeVisible();
    await expect(page.getByText('1 kaart', { exact: true })).toBeVisible();
    await saveScreenshot(page, 'own-cards-shared-preview', testInfo);
    await expectNoAxeViolations(page, 'shared set');
    await page.getByRole('button', { name: 'Voeg toe aan mijn kaarten' }).click();
    await expect(page).toHaveURL(/\/kaarten\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await expect(page.getByText('Wat is een variabele?', { exact: true })).toBeVisible();

    await page.goto('/logout');
    await signIn(page, owner);
    await page.goto('/kaarten');
    await page.getByRole('link', { name: 'Gedeelde begrippen openen' }).click();
    await page.getByRole('button', { name: 'Link intrekken' }).click();
    await expect(page.getByRole('button', { name: 'Maak een deellink' })).toBeVisible();

    await page.goto('/logout');
    await signIn(page, classmate);
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText('Deze link is ingetrokken door wie de set deelde.');
    await saveScreenshot(page, 'own-cards-shared-revoked', testInfo);
    await expectNoAxeViolations(page, 'revoked link');
    // her copy stays
    await page.goto('/kaarten');
    await expect(page.getByRole('heading', { level: 3, name: 'Gedeelde begrippen' })).toBeVisible();
  });

  test('the card editor opened with a selection puts it on the back and links the chapter', async ({ page, api }, testInfo) => {
    test.setTimeout(90_000);
    await signIn(page, await api.createUser());
    const selection = 'Psychologie bestudeert gedrag en mentale processen.';
    await page.goto(`/kaarten/nieuw?achterkant=${encodeURIComponent(selection)}&hoofdstuk=${CHAPTER}&samenvatting=${SUMMARY}`);
    // a cold load of the app's code on a busy machine may outlast the default 7 s
    await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe kaart' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel('Achterkant', { exact: true })).toHaveValue(selection);
    await expect(page.getByText('Deze kaart wordt gekoppeld aan het hoofdstuk dat je las.')).toBeVisible();
    // No sets yet: a new one, named for her
    await expect(page.getByRole('radio', { name: 'Nieuwe set' })).toBeChecked();
    await expect(page.getByLabel('Naam van de nieuwe set')).toHaveValue('Mijn kaarten');
    // Saving without a front says what is missing, at the field
    await page.getByRole('button', { name: 'Kaart opslaan' }).click();
    await expect(page.getByText('Schrijf iets op de voorkant.')).toBeVisible();
    await saveScreenshot(page, 'own-cards-editor-selection', testInfo);
    await expectNoAxeViolations(page, 'card editor with a selection');
    await page.getByLabel('Voorkant', { exact: true }).fill('Wat bestudeert de psychologie?');
    await page.getByRole('button', { name: 'Kaart opslaan' }).click();
    // made from the reader, saving leads back to the chapter she was reading (issue 42, item 11)
    await expect(page).toHaveURL(/\/summary\/read\/[^/]+\/[^/]+$/, { timeout: 20_000 });
    // and the card is in her set, linked to the chapter
    const listed = await page.request.get('/api/own-flashcard-sets', { headers: { authorization: `Bearer ${await accessToken(page.context())}` } });
    const [set] = ((await listed.json()) as { sets: Array<{ id: string }> }).sets;
    await page.goto(`/kaarten/${set!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Mijn kaarten' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(selection)).toBeVisible();
    await expect(page.getByText('Uit een hoofdstuk')).toBeVisible();
  });
});
