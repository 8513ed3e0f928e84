import type { Request } from '@playwright/test';
import { expect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';
import { accessToken, persisted, strip, underServiceWorker } from './offline-helpers.ts';
import { demoList } from '../questions/content.ts';

// Issue 12, the parts after the first round (decision 013): a summary marked 'Offline beschikbaar'
// reads offline in chapters she never opened, pictures included; FSRS ratings and an open answer
// with her own assessment given offline reach the server exactly once.

const MICRO = 'micro-economie';
const SUMMARY = 'micro-economie-samenvatting';
const FREE_CHAPTER = 'mic-h1-schaarste-en-keuzes';
const OPEN_LIST = 'mic-h1-schaarste-en-keuzes-vragen';

test.describe('offline, saved ahead', () => {
  test.slow();

  test("a summary marked 'Offline beschikbaar' reads offline in a chapter never opened, with its picture", async ({ page, api }, testInfo) => {
    await signIn(page, await api.createUser());
    await underServiceWorker(page);

    await page.goto(`/summary/read/${SUMMARY}/chapters`);
    const toggle = page.getByRole('switch', { name: 'Offline beschikbaar maken' });
    await expect(toggle).not.toBeChecked();
    // A free student: the Premium chapters stay behind, and she is told why.
    await expect(page.getByText('De 7 Premium-hoofdstukken kun je alleen offline lezen met Premium.')).toBeVisible();
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('Offline beschikbaar: 1 hoofdstuk staat op dit apparaat.')).toBeVisible({ timeout: 15_000 });
    await expect(toggle).toBeChecked();
    const chapters = page.getByRole('list', { name: /^Hoofdstukken van / });
    await expect(chapters.getByText('Offline beschikbaar', { exact: true })).toHaveCount(1);
    await expect(chapters.getByRole('listitem').first().getByText('Offline beschikbaar', { exact: true })).toBeVisible();
    await saveScreenshot(page, 'offline-saved-chapters', testInfo);
    await expectNoAxeViolations(page, 'chapter list, saved for offline');

    // The summary's details page shows the same choice and marks.
    await page.goto(`/bibliotheek/details/${SUMMARY}`);
    await expect(page.getByRole('switch', { name: 'Offline beschikbaar maken' })).toBeChecked();
    await expect(page.getByText('Offline beschikbaar: 1 hoofdstuk staat op dit apparaat.')).toBeVisible();
    await expect(page.getByText('Offline beschikbaar', { exact: true })).toHaveCount(1);
    await saveScreenshot(page, 'offline-saved-details', testInfo);
    await expectNoAxeViolations(page, 'summary details, saved for offline');
    await page.goto(`/summary/read/${SUMMARY}/chapters`);
    await expect(page.getByRole('switch', { name: 'Offline beschikbaar maken' })).toBeChecked();
    await persisted(page);

    await page.context().setOffline(true);
    // A fresh load offline: the mark is remembered on the device.
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Offline beschikbaar maken' })).toBeChecked();
    await expect(page.getByText('Offline beschikbaar: 1 hoofdstuk staat op dit apparaat.')).toBeVisible();
    await expect(strip(page)).toContainText('Offline: je ziet de laatst bekende gegevens.');
    await expectNoAxeViolations(page, 'chapter list offline');

    // The chapter she never opened, read offline, its picture from the worker's cache.
    await page.goto(`/summary/read/${SUMMARY}/${FREE_CHAPTER}`);
    await expect(page.getByRole('heading', { level: 1, name: /Schaarste, keuzes en alternatieve kosten/ })).toBeVisible();
    const picture = page.locator('article img').first();
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    await saveScreenshot(page, 'offline-saved-reader', testInfo);
    await expectNoAxeViolations(page, 'saved chapter offline');
    await page.context().setOffline(false);
  });

  test('two FSRS ratings and an open answer with its self-assessment given offline reach the server exactly once each, also after a reload offline', async ({
    page,
    context,
    api,
  }, testInfo) => {
    await signIn(page, await api.createUser());
    await underServiceWorker(page);

    // Tab 2: a review session (FSRS), loaded online.
    const cards = await context.newPage();
    await cards.goto(`/bibliotheek/flashcards-overview/${MICRO}`);
    await cards.getByRole('button', { name: 'Start herhaling' }).click();
    await expect(cards).toHaveURL(new RegExp(`/bibliotheek/flashcards/[0-9a-f-]{36}/${MICRO}$`));
    const reviewId = /flashcards\/([0-9a-f-]{36})\//.exec(cards.url())![1]!;
    await expect(cards.getByText(/^Kaart 1 van \d+$/)).toBeVisible();

    // Tab 1: practice with answers in between, online up to the open question.
    const questions = demoList(MICRO, OPEN_LIST).questions;
    const openIndex = questions.findIndex((q) => q.type === 'OPEN');
    const open = questions[openIndex]!;
    await page.goto(`/bibliotheek/question-settings/${MICRO}/${OPEN_LIST}`);
    await page.getByRole('radio', { name: /Alle vragen/ }).check();
    await page.getByRole('checkbox', { name: /Antwoorden tussendoor tonen/ }).check();
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/bibliotheek/questions/[0-9a-f-]{36}/${MICRO}/${OPEN_LIST}$`));
    const sessionId = /questions\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
    for (let i = 0; i < openIndex; i++) {
      await expect(page.getByRole('heading', { level: 2, name: `Oefenvraag ${i + 1}` })).toBeVisible();
      await page.getByRole('button', { name: 'Sla over' }).click();
    }
    await expect(page.getByRole('heading', { level: 2, name: `Oefenvraag ${openIndex + 1}` })).toBeVisible();
    await expect(page.getByLabel('Jouw antwoord')).toBeVisible();
    // Sent ahead for offline, never shown before she answered.
    await expect(page.getByText('Modelantwoord', { exact: true })).toHaveCount(0);
    await persisted(page);

    const writes: Request[] = [];
    context.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/(question-list\/[^/]+\/save-answer|session\/[^/]+\/assess|flashcard-sessions\/[^/]+\/rate)$/.test(request.url())) writes.push(request);
    });

    await context.setOffline(true);
    await page.getByLabel('Jouw antwoord').fill('Alternatieve kosten zijn wat je opgeeft voor je keuze.');
    await page.getByRole('button', { name: 'Verstuur antwoord' }).click();
    await expect(page.getByRole('heading', { name: 'Vergelijk je antwoord met het modelantwoord' })).toBeVisible();
    await expect(page.getByText('Modelantwoord', { exact: true })).toBeVisible();
    await expect(page.getByText(open.modelAnswer!.trim().split('\n')[0]!.slice(0, 40), { exact: false }).first()).toBeVisible();
    await saveScreenshot(page, 'offline-open-assess', testInfo);
    await expectNoAxeViolations(page, 'open answer offline, assessment');
    await page.getByRole('button', { name: 'Deels goed' }).click();
    await expect(page.getByRole('heading', { name: 'Vraag deels goed beantwoord' })).toBeVisible();
    await expect(strip(page)).toContainText('2 antwoorden wachten op verbinding');

    await cards.bringToFront();
    await cards.getByRole('button', { name: 'Toon antwoord' }).click();
    await cards.getByRole('button', { name: /^Goed, volgende keer over/ }).click();
    await expect(cards.getByText(/^Kaart 2 van \d+$/)).toBeVisible();
    await cards.getByRole('button', { name: 'Toon antwoord' }).click();
    await cards.getByRole('button', { name: /^Opnieuw, volgende keer over/ }).click();
    await expect(cards.getByText(/^Kaart 3 van \d+$/)).toBeVisible();
    await expect(strip(cards)).toContainText('4 antwoorden wachten op verbinding');
    await saveScreenshot(cards, 'offline-fsrs', testInfo);
    await expectNoAxeViolations(cards, 'FSRS ratings offline');
    await cards.close();

    // A reload while offline: all four are still on the device.
    await page.bringToFront();
    await page.reload();
    await expect(strip(page)).toContainText('4 antwoorden wachten op verbinding');
    const sentBeforeOnline = writes.length;

    await context.setOffline(false);
    await expect(strip(page)).toHaveCount(0, { timeout: 20_000 });

    // Exactly once each, in the order given.
    const sent = writes.slice(sentBeforeOnline);
    expect(sent.map((r) => /save-answer|assess|rate$/.exec(r.url())![0])).toEqual(['save-answer', 'assess', 'rate', 'rate']);
    expect(new Set(sent.map((r) => r.headers()['idempotency-key'])).size).toBe(4);
    for (const r of sent) expect((await r.response())?.status()).toBe(200);

    const headers = { authorization: `Bearer ${await accessToken(context)}` };
    const overview = (await (await page.request.get(`/api/session/${sessionId}`, { headers })).json()) as {
      questions: Array<{ questionIndex: number; isCorrect: number; textAnswer: string | null }>;
      userAnswers: Array<{ questionId: string }>;
      partialAnswers: number;
      reviewAnswers: number;
    };
    expect(overview.questions[openIndex]).toMatchObject({ isCorrect: 2, textAnswer: 'Alternatieve kosten zijn wat je opgeeft voor je keuze.' });
    expect(overview.userAnswers.filter((a) => a.questionId === open.id)).toHaveLength(1);
    expect(overview).toMatchObject({ partialAnswers: 1, reviewAnswers: 0 });
    const review = (await (await page.request.get(`/api/flashcard-sessions/${reviewId}`, { headers })).json()) as {
      currentIndex: number;
      knownCount: number;
      unknownCount: number;
      cards: Array<{ rating: number | null; scheduleVersion: number | null }>;
    };
    expect(review).toMatchObject({ currentIndex: 2, knownCount: 1, unknownCount: 1 });
    expect(review.cards.slice(0, 3).map((c) => c.rating)).toEqual([3, 1, null]);
    expect(review.cards.slice(0, 2).map((c) => c.scheduleVersion)).toEqual([1, 1]);
  });

  test('a rating queued offline for a card reviewed on another device meanwhile is not saved, and the app says so instead of pretending', async ({ page, context, api, request }, testInfo) => {
    await signIn(page, await api.createUser());
    await underServiceWorker(page);
    await page.goto(`/bibliotheek/flashcards-overview/${MICRO}`);
    await page.getByRole('button', { name: 'Start herhaling' }).click();
    await expect(page).toHaveURL(new RegExp(`/bibliotheek/flashcards/[0-9a-f-]{36}/${MICRO}$`));
    const reviewId = /flashcards\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
    await expect(page.getByText(/^Kaart 1 van \d+$/)).toBeVisible();
    const headers = { authorization: `Bearer ${await accessToken(context)}` };

    const rates: Request[] = [];
    context.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/api/flashcard-sessions/${reviewId}/rate`)) rates.push(request);
    });

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Toon antwoord' }).click();
    await page.getByRole('button', { name: /^Goed, volgende keer over/ }).click();
    await expect(page.getByText(/^Kaart 2 van \d+$/)).toBeVisible();
    await expect(strip(page)).toContainText('1 antwoord wacht op verbinding');

    // Meanwhile her phone reviews the same card (a review session of its own, the same first card).
    const phone = await request.post('/api/flashcard-sessions', { headers, data: { subjectId: MICRO, source: 'review', timeZone: 'Europe/Amsterdam' } });
    expect(phone.status()).toBe(201);
    const other = (await phone.json()) as { id: string; cards: Array<{ flashcardId: string; scheduleVersion: number }> };
    const mine = (await (await request.get(`/api/flashcard-sessions/${reviewId}`, { headers })).json()) as { cards: Array<{ flashcardId: string }> };
    expect(other.cards[0]!.flashcardId).toBe(mine.cards[0]!.flashcardId);
    const rated = await request.post(`/api/flashcard-sessions/${other.id}/rate`, {
      headers,
      data: { position: 0, rating: 1, scheduleVersion: other.cards[0]!.scheduleVersion, durationMs: 1000, timeZone: 'Europe/Amsterdam' },
    });
    expect(rated.status()).toBe(200);

    await context.setOffline(false);
    // The stale rating is refused once (409 conflict), not retried, and she is told.
    await expect(
      page.getByRole('region', { name: /^Meldingen/ }).getByText('Een beoordeling die je zonder verbinding gaf, is niet bewaard: deze kaart is intussen op een ander apparaat herhaald.'),
    ).toBeVisible({ timeout: 20_000 });
    await expect(strip(page)).toHaveCount(0);
    expect(rates).toHaveLength(1);
    const response = await rates[0]!.response();
    expect(response?.status()).toBe(409);
    expect(((await response!.json()) as { error: string }).error).toBe('conflict');
    // The screen shows what the server holds: the card is not rated in this session.
    await expect(page.getByText(/^Kaart 1 van \d+$/)).toBeVisible();
    await saveScreenshot(page, 'offline-fsrs-stale', testInfo);
    await expectNoAxeViolations(page, 'stale rating refused');
    const after = (await (await request.get(`/api/flashcard-sessions/${reviewId}`, { headers })).json()) as { currentIndex: number; cards: Array<{ rating: number | null }> };
    expect(after.currentIndex).toBe(0);
    expect(after.cards[0]!.rating).toBeNull();
    await page.waitForTimeout(500);
    expect(rates).toHaveLength(1);
  });
});
