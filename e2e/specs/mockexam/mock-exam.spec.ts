import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';
import { answerRule, RULE_TYPES } from '../questions/answer.ts';
import type { DemoQuestion as TypedDemoQuestion } from '../questions/content.ts';

const SUBJECT = 'anatomie';
const COURSES = resolve(import.meta.dirname, '..', '..', '..', 'packages', 'content', 'courses');

type DemoQuestion = TypedDemoQuestion;

/** The subject's questions as the server imported them (the same YAML), to know the right answers. */
function demoQuestions(subjectId: string): DemoQuestion[] {
  const dir = join(COURSES, subjectId, 'questions');
  return readdirSync(dir).flatMap((file) => (parse(readFileSync(join(dir, file), 'utf8')) as { questions: DemoQuestion[] }).questions);
}

const plain = (markdown: string) => markdown.replace(/[*_`]/g, '').replace(/\s+/g, ' ').trim();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The question on screen, found by its text among the subject's questions. */
async function currentQuestion(page: Page, number: number, questions: DemoQuestion[]): Promise<DemoQuestion> {
  const article = page.getByRole('article', { name: `Vraag ${number}` });
  await expect(article).toBeVisible();
  const shown = plain(await article.innerText());
  const found = questions.filter((q) => shown.includes(plain(q.text)));
  expect(found, `question ${number}: ${shown.slice(0, 80)}`).toHaveLength(1);
  return found[0]!;
}

/** Ticks the given answers of the question on screen (radio or checkbox, by their text). */
async function pick(page: Page, q: DemoQuestion, correct: boolean) {
  const answers = q.answers!.filter((a) => Boolean(a.correct) === correct);
  const multiple = q.answers!.filter((a) => a.correct).length > 1;
  for (const a of correct ? answers : answers.slice(0, 1)) {
    const option = page.getByRole(multiple ? 'checkbox' : 'radio', { name: new RegExp(`^[A-T]\\. ${escape(plain(a.text))}$`) });
    await option.check();
    await expect(option).toBeChecked();
  }
}

test.describe('mock exam', () => {
  // A whole exam with four accessibility scans on a shared, busy machine.
  test.slow();

  test('a short mock exam from the subject page: timed, no feedback until handed in, then her open answers to assess, the grade and the grade per chapter', async ({ page, api }, testInfo) => {
    await signIn(page, await api.createUser());
    const questions = demoQuestions(SUBJECT);

    await page.goto(`/bibliotheek/subject/${SUBJECT}`);
    await page.getByRole('link', { name: /Proeftentamen/ }).click();
    await expect(page).toHaveURL(`/bibliotheek/proeftentamen/${SUBJECT}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Proeftentamen' })).toBeVisible();
    await page.getByRole('radio', { name: /^5 vragen · 7,5 minuten$/ }).check();
    await saveScreenshot(page, 'mockexam-start', testInfo);
    await expectNoAxeViolations(page, 'mock exam start');
    await page.getByRole('button', { name: 'Start proeftentamen' }).click();

    await expect(page).toHaveURL(new RegExp(`/bibliotheek/proeftentamen/${SUBJECT}/[0-9a-f-]{36}$`));
    const timer = page.getByRole('timer', { name: 'Resterende tijd' });
    await expect(timer).toContainText(/^7:[0-5]\d/);
    await expect(page.getByText('Vraag 1 van 5', { exact: false })).toBeVisible();

    // Every exam holds at least one open question (each chapter has one). The first multiple-choice
    // question wrong, the rest right, every open one written by keyboard; no question shows whether it was right.
    const open: number[] = [];
    let wrong = 0;
    for (let n = 1; n <= 5; n++) {
      const q = await currentQuestion(page, n, questions);
      if (q.type === 'OPEN') {
        open.push(n);
        const field = page.getByRole('textbox', { name: 'Jouw antwoord' });
        await expect(page.getByRole('radio')).toHaveCount(0);
        // keyboard only: from the question's heading into the field, type, and Tab out (which stores it)
        await page.getByRole('heading', { level: 2, name: `Vraag ${n}` }).focus();
        while (!(await field.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab');
        await page.keyboard.type(`Mijn uitleg bij vraag ${n}.`);
        await page.keyboard.press('Tab');
        await expect(page.getByRole('button', { name: `Vraag ${n}, beantwoord` })).toBeVisible();
        if (open.length === 1) {
          await saveScreenshot(page, 'mockexam-open-question', testInfo);
          await expectNoAxeViolations(page, 'mock exam open question');
        }
      } else if (RULE_TYPES.includes(q.type)) {
        // a typed answer (issue 40): the first of them wrong too, by keyboard
        await answerRule(page, q, { check: false, right: wrong > 0 });
        await expect(page.getByRole('button', { name: `Vraag ${n}, beantwoord` })).toBeVisible();
        if (wrong === 0) wrong = n;
      } else {
        await pick(page, q, wrong > 0);
        if (wrong === 0) wrong = n;
      }
      await expect(page.getByText(/goed beantwoord|fout beantwoord|Toelichting|Modelantwoord/)).toHaveCount(0);
      if (n === 1) {
        await saveScreenshot(page, 'mockexam-question', testInfo);
        await expectNoAxeViolations(page, 'mock exam question');
      }
      if (n < 5) await page.getByRole('button', { name: 'Volgende vraag' }).click();
    }
    expect(open.length).toBeGreaterThanOrEqual(1);
    expect(wrong).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: /^Vraag \d, beantwoord$/ })).toHaveCount(5);
    // her written answer is kept when she comes back to it
    await page.getByRole('button', { name: `Vraag ${open[0]}, beantwoord` }).click();
    await expect(page.getByRole('textbox', { name: 'Jouw antwoord' })).toHaveValue(`Mijn uitleg bij vraag ${open[0]}.`);

    await page.getByRole('button', { name: 'Inleveren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tentamen inleveren?' });
    await expect(dialog).toContainText('Je hebt alle vragen beantwoord');
    await dialog.getByRole('button', { name: 'Lever in' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Uitslag proeftentamen' })).toBeVisible();
    // until she assessed her open answers they earn nothing, and the grade says so
    const before = 4 - open.length;
    const waitingText = open.length === 1 ? '1 open vraag te beoordelen' : `${open.length} open vragen te beoordelen`;
    await expect(page.getByRole('img', { name: `Voorlopig cijfer ${before * 2},0: nog ${waitingText}` })).toBeVisible();
    await expect(page.getByText(`Je had ${before} van de 5 vragen goed.`)).toBeVisible();
    const awaiting = page.getByRole('region', { name: 'Wachten op jouw beoordeling' });
    await expect(awaiting.getByRole('heading', { level: 3 })).toHaveCount(open.length);
    const first = awaiting.getByRole('region', { name: `Vraag ${open[0]}` });
    await expect(first).toContainText(`Mijn uitleg bij vraag ${open[0]}.`);
    await expect(first.getByRole('heading', { name: 'Modelantwoord' })).toBeVisible();
    await saveScreenshot(page, 'mockexam-assess', testInfo);
    await expectNoAxeViolations(page, 'mock exam open answers to assess');

    // Goed for each, by keyboard; focus moves on to the next one waiting, then to the result
    for (const [i, n] of open.entries()) {
      const goed = awaiting.getByRole('region', { name: `Vraag ${n}` }).getByRole('button', { name: 'Goed' });
      await goed.focus();
      await page.keyboard.press('Enter');
      if (i < open.length - 1) await expect(page.getByRole('heading', { level: 3, name: `Vraag ${open[i + 1]}` })).toBeFocused();
    }
    await expect(awaiting).toHaveCount(0);
    await expect(page.getByText('Je had 4 van de 5 vragen goed.')).toBeFocused();
    await expect(page.getByRole('img', { name: 'Cijfer 8,0, voldoende' })).toBeVisible();
    // one row per chapter, each graded, each with a way to read it
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(5);
    await expect(page.getByRole('link', { name: /^Lees / })).toHaveCount(4);
    await expect(page.getByText(`Vraag ${wrong}: fout`)).toBeVisible();
    await expect(page.getByText(`Vraag ${open[0]}: goed`)).toBeVisible();
    await page.getByText(`Vraag ${wrong}: fout`).click();
    const review = page.locator('details', { hasText: `Vraag ${wrong}: fout` });
    await expect(review.getByText(/Juiste antwoord/).first()).toBeVisible();
    await expect(review.getByText(/Toelichting/).first()).toBeVisible();
    await saveScreenshot(page, 'mockexam-results', testInfo);
    await expectNoAxeViolations(page, 'mock exam results');

    // The start screen lists it with its grade.
    await page.getByRole('link', { name: 'Nieuw proeftentamen' }).click();
    await expect(page.getByRole('link', { name: /Bekijk de uitslag van het proeftentamen van/ })).toContainText('Cijfer 8,0');

    // The progress page: every chart with its sentence and table; from it, the weakest chapter to read.
    await page.getByRole('link', { name: 'Terug naar het vak' }).click();
    await page.getByRole('link', { name: /^Voortgang/ }).click();
    await expect(page).toHaveURL(`/bibliotheek/voortgang/${SUBJECT}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Voortgang' })).toBeVisible();
    for (const name of ['Je zwakste hoofdstuk', 'Kans op een goed antwoord, per hoofdstuk', 'Cijfer per hoofdstuk in de tijd', 'Dagen en minuten gestudeerd', 'Kaarten om te herhalen, komende twee weken']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(page.getByText(/^4 cijfers uit oefenvragen en proeftentamens/)).toBeVisible();
    await expect(page.getByText(/studeerde je op 1 dag, samen \d+ minuten/)).toBeVisible();
    // the grades as a table: one row per chapter's grade of the exam
    const grades = page.getByRole('region', { name: 'Cijfer per hoofdstuk in de tijd' });
    await grades.getByText('Toon als tabel').click();
    await expect(grades.getByRole('table').getByRole('row')).toHaveCount(5);
    await expect(grades.getByRole('table')).toContainText('Proeftentamen');
    await saveScreenshot(page, 'progress', testInfo);
    await expectNoAxeViolations(page, 'progress page');

    // Offline it keeps showing the last known state, marked.
    await page.context().setOffline(true);
    await expect(page.getByText(/^Je bent offline\. Je ziet je voortgang zoals die was op/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Cijfer per hoofdstuk in de tijd' })).toBeVisible();
    await page.context().setOffline(false);

    const weakest = page.getByRole('region', { name: 'Je zwakste hoofdstuk' });
    const readLink = weakest.getByRole('link', { name: /^Lees hoofdstuk \d$/ });
    await expect(readLink).toBeVisible();
    await readLink.click();
    await expect(page).toHaveURL(/\/summary\/read\/anatomie-samenvatting\/ana-h\d-[a-z-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
