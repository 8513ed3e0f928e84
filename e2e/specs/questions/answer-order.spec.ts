import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { parse } from 'yaml';
import { CHOICE, CLIENT_ID, PASSWORD, expect, saveScreenshot, signIn, test, uniqueEmail } from '../../fixtures.ts';
import { LETTERS, demoList, type DemoAnswer, type DemoList, type DemoQuestion } from './content.ts';

// Issue 26, answer order: each practice session shows the answers in an order of its own, seeded
// and stored with the session, so the place of the right answer gives nothing away, and every
// screen, reload and device shows the same letters.

const COURSES = resolve(import.meta.dirname, '..', '..', '..', 'packages', 'content', 'courses');

interface ShownAnswer {
  id: string;
  answerText: string;
}
interface ShownQuestion {
  questionId: string;
  questionListId: string;
  type: 'SELECT' | 'OPEN';
  multipleAnswers: boolean;
  answers: ShownAnswer[];
  isCorrect: number;
}
interface Overview {
  questions: ShownQuestion[];
  finished: boolean;
}

/** Every demo subject with its question lists, read from the content the server imported. */
function demoSubjects(): Array<{ id: string; lists: DemoList[] }> {
  return readdirSync(COURSES, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => {
      const dir = join(COURSES, d.name, 'questions');
      const files = readdirSync(dir).filter((f) => f.endsWith('.yaml'));
      return { id: d.name, lists: files.map((f) => parse(readFileSync(join(dir, f), 'utf8')) as DemoList) };
    });
}

/**
 * The written position of each answer of a question, by its text: the API names answers by ids of
 * the session's own that say nothing (issue 40), so the text is what ties a shown answer to the content.
 */
const writtenPositions = (q: DemoQuestion) => new Map(q.answers!.map((a, i) => [a.text, i]));
/** A session's answer id: 16 hex characters, never the content's `<question>-a<n>`. */
const OPAQUE_ID = /^[0-9a-f]{16}$/;

/** A student signed in through the API (the form the web app sends), with her bearer header. */
async function apiStudent(request: APIRequestContext) {
  const response = await request.post('/api/auth/register', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: new URLSearchParams({
      device_id: `e2e-order-${Date.now()}`,
      grant_type: 'external_register',
      client_id: CLIENT_ID,
      email: uniqueEmail('volgorde'),
      password: PASSWORD,
      university: CHOICE.university.id,
      study: CHOICE.study.id,
      year: CHOICE.year.id,
    }).toString(),
  });
  expect(response.ok(), await response.text()).toBe(true);
  const headers = { authorization: `Bearer ${(await response.json()).access_token as string}` };
  return {
    async get<T>(path: string): Promise<T> {
      const res = await request.get(path, { headers });
      expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
      return res.json() as Promise<T>;
    },
    async post<T>(path: string, data: object): Promise<T> {
      const res = await request.post(path, { headers, data });
      expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
      return res.json() as Promise<T>;
    },
  };
}

/** The letters of the answers a session shows, read through the API with the page's own sign-in. */
async function shownOverview(page: Page, sessionId: string): Promise<Overview> {
  const token = (await page.context().cookies()).find((c) => c.name === 'access_token')!.value;
  const res = await page.request.get(`/api/session/${sessionId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return res.json() as Promise<Overview>;
}

/** The start of an answer's text as the page shows it (Markdown marks left out). */
const shownStart = (text: string) => text.replace(/[`*_]/g, '').slice(0, 12);

/**
 * Lists another journey corrects and publishes (release-correction.spec.ts): graded here, the pick of
 * A would be held against the written answers while the correction is live. Their order is still checked.
 */
const RELEASED_LISTS = new Set(['cel-h1-cellen-vragen']);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The answer button with this letter. */
const option = (page: Page, letter: string) => page.getByRole('button', { name: new RegExp(`^Antwoord ${letter}:`) });

test.describe('answer order', () => {
  test('every demo subject: the right answers leave their written place, the order holds on every call, and always A scores what chance predicts', async ({
    request,
  }) => {
    // About 60 lists through the API (and the first list's answers of each subject), no browser.
    test.setTimeout(180_000);
    const s = await apiStudent(request);
    let questions = 0;
    let points = 0;
    let expected = 0;
    let variance = 0;
    for (const subject of demoSubjects()) {
      let moved = 0;
      const graded = subject.lists.find((l) => !RELEASED_LISTS.has(l.id))!;
      for (const list of subject.lists) {
        const byId = new Map(list.questions.map((q) => [q.id, q]));
        const { id } = await s.post<{ id: string }>(`/api/session/${list.id}/start-all`, {});
        const first = await s.get<Overview>(`/api/session/${id}`);
        for (const q of first.questions) {
          if (q.type !== 'SELECT') continue;
          const demo = byId.get(q.questionId)!;
          const answers: DemoAnswer[] = demo.answers!;
          const positions = writtenPositions(demo);
          const writtenIndex = (text: string) => positions.get(text)!;
          expect(q.answers.every((a) => OPAQUE_ID.test(a.id)), `${q.questionId}: opaque ids`).toBe(true);
          // the order shown is a permutation that keeps pinned answers where they are written
          expect(q.answers.map((a) => writtenIndex(a.answerText)).sort((a, b) => a - b)).toEqual(answers.map((_, i) => i));
          q.answers.forEach((a, i) => {
            if (answers[writtenIndex(a.answerText)]!.pinned) expect(writtenIndex(a.answerText), `${q.questionId}: pinned`).toBe(i);
          });
          moved += q.answers.filter((a, i) => answers[writtenIndex(a.answerText)]!.correct && writtenIndex(a.answerText) !== i).length;

          // always A: one point when A is the one right answer, half when it is one of several
          const aIsCorrect = Boolean(answers[writtenIndex(q.answers[0]!.answerText)]!.correct);
          const correctCount = answers.filter((a) => a.correct).length;
          const earned = aIsCorrect ? (correctCount > 1 ? 0.5 : 1) : 0;
          points += earned;
          // the server grades the pick of A so, on one list of each subject (the rest: the same rule)
          if (list === graded) {
            const answered = await s.post<ShownQuestion>(`/api/question-list/${list.id}/save-answer`, {
              sessionId: id,
              questionId: q.questionId,
              answerIds: [q.answers[0]!.id],
            });
            expect(answered.isCorrect === 1 ? 1 : answered.isCorrect === 2 ? 0.5 : 0, q.questionId).toBe(earned);
          }
          // what chance predicts for A, pinned answers counted where they stand
          const correct = answers.filter((a) => a.correct).length;
          const weight = correct > 1 ? 0.5 : 1;
          const free = answers.filter((a) => !a.pinned);
          const p = answers[0]!.pinned ? (answers[0]!.correct ? 1 : 0) : free.filter((a) => a.correct).length / free.length;
          expected += weight * p;
          variance += weight * weight * p * (1 - p);
          questions++;
        }
        // the same order on the next call, after answers
        const again = await s.get<Overview>(`/api/session/${id}`);
        expect(again.questions.map((q) => q.answers.map((a) => a.id))).toEqual(first.questions.map((q) => q.answers.map((a) => a.id)));
      }
      expect(moved, `${subject.id}: right answers shown away from their written place`).toBeGreaterThan(0);
    }
    expect(questions).toBeGreaterThan(100);
    // Within 6 standard deviations of chance (a miss is a 1 in 10^8 event), and nowhere near a 10.
    const sd = Math.sqrt(variance);
    expect(Math.abs(points - expected), `always A: ${points} points of ${questions}, chance predicts ${expected.toFixed(1)} (sd ${sd.toFixed(1)})`).toBeLessThanOrEqual(6 * sd + 1);
    expect(points / questions).toBeLessThan(0.5);
  });

  test('one session keeps its letters: after a reload, on another device and on the results screen; the feedback names the letter she saw', async ({
    page,
    browser,
    api,
  }, testInfo) => {
    test.slow();
    const subject = 'inleiding-psychologie';
    const listId = 'psy-vragen-waarneming';
    const list = demoList(subject, listId);
    const user = await api.createUser();
    await signIn(page, user);
    await page.goto(`/bibliotheek/question-settings/${subject}/${listId}`);
    await page.getByRole('radio', { name: /Alle vragen/ }).check();
    await page.getByRole('checkbox', { name: /Antwoorden tussendoor tonen/ }).check();
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/bibliotheek/questions/[0-9a-f-]{36}/${subject}/${listId}$`));
    const sessionUrl = new URL(page.url()).pathname;
    const sessionId = sessionUrl.split('/')[3]!;
    await expect(page.getByRole('heading', { level: 2, name: 'Oefenvraag 1' })).toBeVisible();

    const overview = await shownOverview(page, sessionId);
    const firstSelect = overview.questions.findIndex((q) => q.type === 'SELECT' && !q.multipleAnswers);
    expect(firstSelect).toBeGreaterThanOrEqual(0);
    const q = overview.questions[firstSelect]!;
    const demo = list.questions.find((x) => x.id === q.questionId)!;
    const written = demo.answers!;
    const positions = writtenPositions(demo);
    const writtenIndex = (text: string) => positions.get(text)!;
    const correctLetter = LETTERS[q.answers.findIndex((a) => written[writtenIndex(a.answerText)]!.correct)]!;
    const wrongIndex = q.answers.findIndex((a) => !written[writtenIndex(a.answerText)]!.correct);

    // to that question (skipping any before it), where the page shows the API's order
    for (let i = 0; i < firstSelect; i++) await page.getByRole('button', { name: 'Sla over' }).click();
    await expect(page.getByRole('heading', { level: 2, name: `Oefenvraag ${firstSelect + 1}` })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Antwoorden' }).getByRole('button')).toHaveCount(q.answers.length);
    for (const [i, a] of q.answers.entries()) await expect(option(page, LETTERS[i]!)).toContainText(shownStart(a.answerText));

    // a wrong pick: the feedback names the right answer by the letter shown
    await option(page, LETTERS[wrongIndex]!).click();
    await expect(page.getByRole('heading', { name: 'Vraag fout beantwoord' })).toBeVisible();
    await expect(page.getByText(`Het juiste antwoord is ${correctLetter}.`)).toBeVisible();
    await saveScreenshot(page, 'questions-order-feedback', testInfo);

    // a reload: the same letters
    await page.reload();
    await expect(page.getByText(`Het juiste antwoord is ${correctLetter}.`)).toBeVisible();
    await expect(option(page, LETTERS[wrongIndex]!)).toContainText(shownStart(q.answers[wrongIndex]!.answerText));

    // on another device (a new sign-in): the same session, the same letters
    const other = await browser.newContext();
    const phone = await other.newPage();
    await signIn(phone, user);
    await phone.goto(sessionUrl);
    await expect(phone.getByText(`Het juiste antwoord is ${correctLetter}.`)).toBeVisible();
    await expect(option(phone, LETTERS[wrongIndex]!)).toContainText(shownStart(q.answers[wrongIndex]!.answerText));

    // on to the results there: the row's detail names her answer and the right one by those letters
    await phone.getByRole('button', { name: /Ga naar de volgende vraag|Zie overzicht/ }).click();
    for (let i = firstSelect + 1; i < list.questions.length; i++) {
      await expect(phone.getByRole('heading', { level: 2, name: `Oefenvraag ${i + 1}` })).toBeVisible();
      await phone.getByRole('button', { name: 'Sla over' }).click();
    }
    await expect(phone.getByRole('heading', { level: 1, name: 'Oefenvragen voltooid' })).toBeVisible();
    await phone.getByRole('button', { name: new RegExp(`Oefenvraag ${firstSelect + 1}.*Fout`) }).click();
    const yours = phone.getByRole('heading', { name: 'Jouw antwoord', exact: true }).locator('..');
    await expect(yours.getByRole('listitem')).toHaveText(new RegExp(`^${LETTERS[wrongIndex]}\\s*${escapeRegExp(shownStart(q.answers[wrongIndex]!.answerText))}`));
    const right = phone.getByRole('heading', { name: 'Juiste antwoord', exact: true }).locator('..');
    const correctText = q.answers.find((a) => written[writtenIndex(a.answerText)]!.correct)!.answerText;
    await expect(right.getByRole('listitem')).toHaveText(new RegExp(`^${correctLetter}\\s*${escapeRegExp(shownStart(correctText))}`));
    await saveScreenshot(phone, 'questions-order-results', testInfo);

    // and the overview the results read still has the order the question showed
    const results = await shownOverview(phone, sessionId);
    expect(results.finished).toBe(true);
    expect(results.questions.map((x) => x.answers.map((a) => a.id))).toEqual(overview.questions.map((x) => x.answers.map((a) => a.id)));
    await other.close();
  });
});
