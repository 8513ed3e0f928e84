import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';

const SUBJECT = 'micro-economie';
const SET_H1 = 'mic-fc-schaarste-en-keuzes';
const SET_H1_TITLE = 'Flashcards H1: schaarste, keuzes en alternatieve kosten';
const SET_H3 = 'mic-fc-elasticiteit';

const overviewUrl = `/bibliotheek/flashcards-overview/${SUBJECT}`;
const sessionUrl = (setId: string) => new RegExp(`/bibliotheek/flashcards/[0-9a-f-]{36}/${SUBJECT}/${setId}$`);
const positionText = (page: Page, current: number, total: number) => page.getByText(`Kaart ${current} van ${total}`, { exact: true });
const cardGroup = (page: Page, side: 'Voorkant' | 'Achterkant') => page.getByRole('group', { name: new RegExp(`^Kaart \\d+ van \\d+, ${side}$`) });

/** Opens the settings of a set from the overview and starts a session with the defaults. */
async function startSet(page: Page, setId: string) {
  await page.goto(`/bibliotheek/flashcards-settings/${SUBJECT}/${setId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Flashcards instellen' })).toBeVisible();
  await expect(page.getByRole('radio', { checked: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page).toHaveURL(sessionUrl(setId));
  await expect(page.getByText(/^Kaart 1 van \d+$/)).toBeVisible();
}

/**
 * A horizontal swipe on the card: the pointer events a finger on a touch screen produces
 * (pointerType touch), from the card's middle, in steps.
 */
async function swipe(page: Page, dx: number) {
  const card = page.getByTestId('flashcard');
  const box = (await card.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const init = (clientX: number) => ({ pointerId: 7, pointerType: 'touch', isPrimary: true, bubbles: true, clientX, clientY: y, button: 0 });
  await card.dispatchEvent('pointerdown', init(x));
  for (let step = 1; step <= 6; step++) await card.dispatchEvent('pointermove', init(x + (dx * step) / 6));
  await card.dispatchEvent('pointerup', init(x + dx));
}

test.describe('flashcards', () => {
  // Whole sessions with accessibility scans on a shared machine: more than the default 30 s.
  test.slow();

  test('a full session by keyboard: flip with Space, know with arrow right, not know with arrow left; the end repeats the unknown cards', async ({
    page,
    api,
  }, testInfo) => {
    await signIn(page, await api.createUser());

    // The subject page leads to the flashcards.
    await page.goto(`/bibliotheek/subject/${SUBJECT}`);
    await page.getByRole('link', { name: /Flashcards van dit vak/ }).click();
    await expect(page).toHaveURL(overviewUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Flashcards' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: SET_H1_TITLE })).toBeVisible();
    await saveScreenshot(page, 'flashcards-overview', testInfo);
    await expectNoAxeViolations(page, 'flashcards overview');

    await page.getByRole('link', { name: `${SET_H1_TITLE} oefenen` }).click();
    await expect(page).toHaveURL(`/bibliotheek/flashcards-settings/${SUBJECT}/${SET_H1}`);
    await expect(page.getByRole('radio', { name: new RegExp(SET_H1_TITLE.replace(/[()]/g, '.')) })).toBeChecked();
    await saveScreenshot(page, 'flashcards-settings', testInfo);
    await expectNoAxeViolations(page, 'flashcard settings');
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(page).toHaveURL(sessionUrl(SET_H1));

    // Full screen: no navigation bar.
    await expect(positionText(page, 1, 6)).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(cardGroup(page, 'Voorkant')).toContainText('Wat is schaarste?');
    await saveScreenshot(page, 'flashcards-session', testInfo);
    await expectNoAxeViolations(page, 'flashcard session');

    await page.keyboard.press('Space');
    await expect(cardGroup(page, 'Achterkant')).toBeVisible();
    await expect(page.getByText(/^Achterkant: Het gegeven dat de middelen/)).toBeAttached();
    await saveScreenshot(page, 'flashcards-session-back', testInfo);
    await expectNoAxeViolations(page, 'flashcard session, back');

    // The first card is on its back already; then each card: flip, answer.
    for (let i = 0; i < 6; i++) {
      await expect(positionText(page, i + 1, 6)).toBeVisible();
      if (i > 0) {
        await expect(cardGroup(page, 'Voorkant')).toBeVisible();
        await page.keyboard.press('Space');
      }
      await expect(cardGroup(page, 'Achterkant')).toBeVisible();
      await page.keyboard.press(i % 2 === 0 ? 'ArrowRight' : 'ArrowLeft');
    }

    await expect(page.getByRole('heading', { level: 1, name: 'Klaar met deze ronde!' })).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: 'Wist ik niet' })).toBeVisible();
    await saveScreenshot(page, 'flashcards-end', testInfo);
    await expectNoAxeViolations(page, 'flashcards end screen');
    await page.getByRole('button', { name: 'Herhaal de 3 kaarten die je niet wist' }).click();
    await expect(positionText(page, 1, 3)).toBeVisible();
    // The second card of the set (answered with arrow left) comes first.
    await expect(cardGroup(page, 'Voorkant')).toContainText('Wat zijn alternatieve kosten?');

    // The overview counts what she knows.
    await page.goto(overviewUrl);
    await expect(page.getByText('3 van 6 gekend')).toBeVisible();
  });

  test('a session by swipe on a touch screen, with the buttons as the alternative', async ({ page, api }) => {
    await signIn(page, await api.createUser());
    await startSet(page, SET_H3);
    await expect(positionText(page, 1, 6)).toBeVisible();
    // Tap flips.
    await page.getByTestId('flashcard').tap();
    await expect(cardGroup(page, 'Achterkant')).toBeVisible();
    for (let i = 0; i < 5; i++) {
      await expect(positionText(page, i + 1, 6)).toBeVisible();
      await swipe(page, i < 4 ? 140 : -140);
    }
    await expect(positionText(page, 6, 6)).toBeVisible();
    // The button does what a swipe does.
    await page.getByRole('button', { name: 'Wist ik', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Klaar met deze ronde!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Herhaal de kaart die je niet wist' })).toBeVisible();
  });

  test('a starred card appears in the favorites set', async ({ page, api }, testInfo) => {
    await signIn(page, await api.createUser());
    await startSet(page, SET_H1);
    await page.keyboard.press('ArrowRight');
    await expect(positionText(page, 2, 6)).toBeVisible();
    const star = page.getByRole('button', { name: 'Bewaar als favoriet' });
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');

    await page.goto(overviewUrl);
    await expect(page.getByText('1 kaart met een ster')).toBeVisible();
    await page.getByRole('link', { name: 'Favorieten oefenen' }).click();
    await expect(page).toHaveURL(`/bibliotheek/flashcards-settings/${SUBJECT}/favorites`);
    await expect(page.getByRole('heading', { level: 1, name: 'Favoriete flashcards' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Favorieten/ })).toBeChecked();
    await saveScreenshot(page, 'flashcards-favorites-settings', testInfo);
    await expectNoAxeViolations(page, 'favorites settings');
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/bibliotheek/flashcards/[0-9a-f-]{36}/${SUBJECT}$`));
    await expect(positionText(page, 1, 1)).toBeVisible();
    await expect(cardGroup(page, 'Voorkant')).toContainText('Wat zijn alternatieve kosten?');
    await expect(page.getByRole('button', { name: 'Bewaar als favoriet' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('resumes at the same card after a reload and after stopping', async ({ page, api }) => {
    await signIn(page, await api.createUser());
    await startSet(page, SET_H1);
    await page.getByRole('button', { name: 'Wist ik', exact: true }).click();
    await expect(positionText(page, 2, 6)).toBeVisible();
    await page.getByRole('button', { name: 'Wist ik niet', exact: true }).click();
    await expect(positionText(page, 3, 6)).toBeVisible();

    await page.reload();
    await expect(positionText(page, 3, 6)).toBeVisible();

    await page.getByRole('button', { name: 'Stoppen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Wil je stoppen?' });
    await expect(dialog).toContainText('Je gaat later verder bij kaart 3.');
    await expectNoAxeViolations(page, 'stop dialog');
    await dialog.getByRole('button', { name: 'Stoppen' }).click();
    await expect(page).toHaveURL(overviewUrl);
    await page.getByRole('link', { name: `Ga verder met ${SET_H1_TITLE}` }).click();
    await expect(positionText(page, 3, 6)).toBeVisible();
  });

  test('an unknown subject or set says so in Dutch', async ({ page, api }) => {
    await signIn(page, await api.createUser());
    await page.goto('/bibliotheek/flashcards-overview/bestaat-niet');
    await expect(page.getByRole('alert')).toContainText('Dit vak bestaat niet.');
    await expectNoAxeViolations(page, 'unknown subject');
    await page.goto(`/bibliotheek/flashcards-settings/${SUBJECT}/bestaat-niet`);
    await expect(page.getByRole('alert')).toContainText('Deze flashcardset bestaat niet (meer).');
    await page.goto(`/bibliotheek/flashcards/01900000-0000-7000-8000-000000000000/${SUBJECT}`);
    await expect(page.getByRole('alert')).toContainText('Deze flashcardsessie bestaat niet.');
    await expectNoAxeViolations(page, 'unknown session');
  });
});
