import { expect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';

const SUBJECT = 'inleiding-psychologie';
const overviewUrl = `/bibliotheek/flashcards-overview/${SUBJECT}`;
const LIST = ['reflex\tautomatische reactie op een prikkel', 'conditionering\tleren door associatie', 'habituatie\twennen aan een prikkel'].join('\n');
/** A first load or a parse in a worker thread may take longer than the default on a shared machine. */
const SLOW = { timeout: 20_000 };

test.describe('her cards in a subject', () => {
  test.slow();

  test("she imports a list into her subject and a chapter, sees it marked as hers on the subject's flashcards, and studies it", async ({ page, api }, testInfo) => {
    await signIn(page, await api.createUser());

    // the subject's flashcards lead to an import into that subject
    await page.goto(overviewUrl);
    const mine = page.getByRole('region', { name: 'Mijn eigen sets' });
    await expect(mine).toBeVisible(SLOW);
    await expect(mine.getByText('Je hebt in dit vak nog geen eigen sets.')).toBeVisible();
    await mine.getByRole('link', { name: 'Kaarten importeren in dit vak' }).click();
    await expect(page).toHaveURL(`/kaarten/importeren?vak=${SUBJECT}`);

    await page.getByLabel('Je kaarten, één per regel').fill(LIST);
    await page.getByRole('button', { name: 'Voorbeeld bekijken' }).click();
    await expect(page.getByText('3 kaarten worden geïmporteerd.')).toBeVisible(SLOW);
    await page.getByLabel('Naam van de nieuwe set').fill('Leren en gedrag');
    const subject = page.getByLabel('Waar komt de set?');
    await expect(subject).toHaveValue(SUBJECT);
    await page.getByLabel('Hoofdstuk (niet verplicht)').selectOption({ label: 'Grondslagen van de psychologie' });
    await saveScreenshot(page, 'card-import-into-subject', testInfo);
    await expectNoAxeViolations(page, 'card import into a subject');
    await page.getByRole('button', { name: '3 kaarten importeren' }).click();
    await expect(page.getByText('Set "Leren en gedrag" gemaakt')).toBeVisible(SLOW);

    // back on the subject's flashcards: her set, marked as hers, beside the subject's own sets
    await page.getByRole('link', { name: 'Terug naar de flashcards van dit vak' }).click();
    await expect(page).toHaveURL(overviewUrl);
    const set = mine.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Leren en gedrag' }) });
    await expect(set).toBeVisible(SLOW);
    await expect(set.getByText('Van jou')).toBeVisible();
    await expect(set.getByText('3 kaarten')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Sets' }).getByRole('heading', { level: 3 }).first()).toBeVisible();
    await saveScreenshot(page, 'flashcards-overview-own-sets', testInfo);
    await expectNoAxeViolations(page, 'flashcards overview with her sets');

    // it opens in the normal flashcard session
    await set.getByRole('link', { name: 'Oefen je set Leren en gedrag' }).click();
    await expect(page.getByRole('radio', { name: /Leren en gedrag/ })).toBeChecked(SLOW);
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(page).toHaveURL(/\/kaarten\/[0-9a-f-]{36}\/sessie\/[0-9a-f-]{36}$/, SLOW);
    await expect(page.getByText('Kaart 1 van 3', { exact: true })).toBeVisible();
    await expect(page.getByRole('group', { name: /^Kaart 1 van 3, Voorkant$/ })).toContainText('reflex');
  });
});
