import type { Page, Request } from '@playwright/test';
import { expect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';
import { accessToken, persisted, strip, underServiceWorker } from './offline-helpers.ts';
import { demoList, type DemoQuestion } from '../questions/content.ts';

// Issue 12: a student on a train. The app shell comes from the service worker, the last known data
// from IndexedDB, and answers given offline wait in the outbox until the connection returns.

const PSY = 'inleiding-psychologie';
const LIST = 'psy-vragen-waarneming';
const MICRO = 'micro-economie';
const FLASHCARD_SET = 'mic-fc-schaarste-en-keuzes';
const CHAPTER_URL = '/summary/read/inleiding-psychologie-samenvatting/psy-grondslagen';

/** Answers the shown question with its first answer (or a short text), whatever its type. */
async function answerAny(page: Page, q: DemoQuestion) {
  if (q.type === 'OPEN') {
    await page.getByLabel('Jouw antwoord').fill('Mijn antwoord zonder verbinding');
    await page.getByRole('button', { name: 'Verstuur antwoord' }).click();
    return;
  }
  if (q.answers!.filter((a) => a.correct).length > 1) {
    await page.getByRole('checkbox', { name: /^Antwoord A:/ }).check();
    await page.getByRole('button', { name: 'Bevestig antwoord' }).click();
    return;
  }
  await page.getByRole('button', { name: /^Antwoord A:/ }).click();
}

test.describe('offline', () => {
  test.slow();

  test('the offline toast shows and goes; a chapter read before reads offline and the library shows its last data, marked as such', async ({ page, api }, testInfo) => {
    await signIn(page, await api.createUser());
    await underServiceWorker(page);

    // Online: the library and chapter 1, as she would before boarding.
    await page.goto('/bibliotheek');
    await expect(page.getByRole('article', { name: 'Inleiding in de psychologie' })).toBeVisible();
    await persisted(page);
    await page.goto(CHAPTER_URL);
    await expect(page.getByText('Hoofdstuk 1', { exact: true })).toBeVisible();
    const chapterTitle = (await page.getByRole('heading', { level: 1 }).textContent())!;
    await persisted(page);

    await page.context().setOffline(true);
    const toast = page.getByText('Geen internetverbinding', { exact: true });
    await expect(toast).toBeVisible();

    // A fresh load offline: shell from the worker, data from the device.
    await page.goto('/bibliotheek');
    await expect(page.getByRole('heading', { level: 1, name: 'Bibliotheek' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Inleiding in de psychologie' })).toBeVisible();
    await expect(strip(page)).toContainText('Offline: je ziet de laatst bekende gegevens.');
    await expect(toast).toBeVisible();
    await saveScreenshot(page, 'offline-library', testInfo);
    await expectNoAxeViolations(page, 'library offline');

    await page.goto(CHAPTER_URL);
    await expect(page.getByRole('heading', { level: 1, name: chapterTitle })).toBeVisible();
    await expect(page.locator('article h2, article h3').first()).toBeVisible();
    // the fresh load tells her again: the audit covers the toast too
    await expect(toast).toBeVisible();
    await saveScreenshot(page, 'offline-reader', testInfo);
    await expectNoAxeViolations(page, 'reader offline');

    await page.context().setOffline(false);
    await expect(toast).toBeHidden();
    await expect(strip(page)).toHaveCount(0);
  });

  test('three practice answers and two flashcard answers given offline reach the server exactly once each, in order, after a reload offline and a closed tab', async ({
    page,
    context,
    api,
  }, testInfo) => {
    await signIn(page, await api.createUser());
    await underServiceWorker(page);

    // Tab 1: a flashcard session, loaded online.
    const cards = await context.newPage();
    await cards.goto(`/bibliotheek/flashcards-settings/${MICRO}/${FLASHCARD_SET}`);
    await cards.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(cards).toHaveURL(new RegExp(`/bibliotheek/flashcards/[0-9a-f-]{36}/${MICRO}/${FLASHCARD_SET}$`));
    const flashcardSessionId = /flashcards\/([0-9a-f-]{36})\//.exec(cards.url())![1]!;
    await expect(cards.getByText(/^Kaart 1 van \d+$/)).toBeVisible();

    // Tab 2 (the first page): a practice session over every question, no answers in between.
    await page.goto(`/bibliotheek/question-settings/${PSY}/${LIST}`);
    await page.getByRole('radio', { name: /Alle vragen/ }).check();
    await page.getByRole('checkbox', { name: /Antwoorden tussendoor tonen/ }).uncheck();
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/bibliotheek/questions/[0-9a-f-]{36}/${PSY}/${LIST}$`));
    const sessionId = /questions\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
    await expect(page.getByRole('heading', { level: 2, name: 'Oefenvraag 1' })).toBeVisible();
    await persisted(page);

    const writes: Request[] = [];
    context.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/(question-list\/[^/]+\/save-answer|flashcard-sessions\/[^/]+\/answer)$/.test(request.url())) writes.push(request);
    });

    await context.setOffline(true);
    const questions = demoList(PSY, LIST).questions;
    for (let i = 0; i < 3; i++) {
      await expect(page.getByRole('heading', { level: 2, name: `Oefenvraag ${i + 1}` })).toBeVisible();
      await answerAny(page, questions[i]!);
    }
    await expect(page.getByRole('heading', { level: 2, name: 'Oefenvraag 4' })).toBeVisible();
    await expect(strip(page)).toContainText('3 antwoorden wachten op verbinding');
    await saveScreenshot(page, 'offline-questions', testInfo);
    await expectNoAxeViolations(page, 'practice session offline');

    await cards.bringToFront();
    await cards.getByRole('button', { name: 'Wist ik', exact: true }).click();
    await expect(cards.getByText(/^Kaart 2 van \d+$/)).toBeVisible();
    await cards.getByRole('button', { name: 'Wist ik niet', exact: true }).click();
    await expect(cards.getByText(/^Kaart 3 van \d+$/)).toBeVisible();
    await expect(strip(cards)).toContainText('5 antwoorden wachten op verbinding');
    await saveScreenshot(cards, 'offline-flashcards', testInfo);
    await expectNoAxeViolations(cards, 'flashcards offline');
    await cards.close();

    // A reload while offline: the answers are still on the device.
    await page.bringToFront();
    await page.reload();
    await expect(strip(page)).toContainText('5 antwoorden wachten op verbinding');
    expect(writes.filter((r) => r.failure() === null && r.url().startsWith('http'))).toHaveLength(writes.length);

    const sentBeforeOnline = writes.length;
    await context.setOffline(false);
    await expect(strip(page)).toHaveCount(0, { timeout: 20_000 });

    // Exactly once each, in the order given, each with its own key.
    const sent = writes.slice(sentBeforeOnline);
    expect(sent.map((r) => (r.url().includes('save-answer') ? 'answer' : 'flashcard'))).toEqual(['answer', 'answer', 'answer', 'flashcard', 'flashcard']);
    const keys = sent.map((r) => r.headers()['idempotency-key']);
    expect(new Set(keys).size).toBe(5);
    for (const r of sent) expect((await r.response())?.status()).toBe(200);

    // And through the API: three answered questions, two flashcard verdicts.
    const headers = { authorization: `Bearer ${await accessToken(context)}` };
    const overview = (await (await page.request.get(`/api/session/${sessionId}`, { headers })).json()) as {
      questions: Array<{ questionIndex: number; isCorrect: number }>;
      userAnswers: unknown[];
    };
    const answered = overview.questions.filter((q) => q.isCorrect !== -1).map((q) => q.questionIndex);
    expect(answered).toEqual([0, 1, 2]);
    const flashcards = (await (await page.request.get(`/api/flashcard-sessions/${flashcardSessionId}`, { headers })).json()) as {
      knownCount: number;
      unknownCount: number;
      currentIndex: number;
    };
    expect(flashcards).toMatchObject({ knownCount: 1, unknownCount: 1, currentIndex: 2 });
  });
});
