import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import type { Page } from '@playwright/test';
import { expect as baseExpect, expectNoAxeViolations, giveRole, signIn, test } from '../../fixtures.ts';
import { demoList, type DemoQuestion } from '../questions/content.ts';
import { answerRight, answerRule, questionHeading, RULE_TYPES } from '../questions/answer.ts';

const expect = baseExpect.configure({ timeout: 30_000 });

// Is the expected grade honest (issue 39)? A student practises, sees an expected grade and sits a
// mock exam; an editor sees that exam in the studio's calibration of the subject.
const SUBJECT = 'inleiding-psychologie';
const SUBJECT_TITLE = 'Inleiding in de psychologie';
const LIST = 'psy-vragen-grondslagen';
const COURSES = resolve(import.meta.dirname, '..', '..', '..', 'packages', 'content', 'courses');

const plain = (markdown: string) => markdown.replace(/[*_`]/g, '').replace(/\s+/g, ' ').trim();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const allQuestions = (): DemoQuestion[] =>
  readdirSync(join(COURSES, SUBJECT, 'questions')).flatMap((file) => (parse(readFileSync(join(COURSES, SUBJECT, 'questions', file), 'utf8')) as { questions: DemoQuestion[] }).questions);

/** Answers mock exam question `n` right: an open one by a written answer, a choice by its right answers, a rule-graded one by keyboard. */
async function answerExamQuestion(page: Page, n: number, questions: DemoQuestion[]) {
  const article = page.getByRole('article', { name: `Vraag ${n}` });
  await expect(article).toBeVisible();
  const shown = plain(await article.innerText());
  const q = questions.find((x) => shown.includes(plain(x.text)));
  expect(q, `question ${n}: ${shown.slice(0, 80)}`).toBeDefined();
  if (q!.type === 'OPEN') {
    await page.getByRole('textbox', { name: 'Jouw antwoord' }).fill(`Mijn uitleg bij vraag ${n}.`);
    await page.getByRole('textbox', { name: 'Jouw antwoord' }).blur();
    await expect(page.getByRole('button', { name: `Vraag ${n}, beantwoord` })).toBeVisible();
    return;
  }
  if (RULE_TYPES.includes(q!.type)) {
    // a typed, numeric or ordering question (issue 40): by keyboard, stored when she moves on
    await answerRule(page, q!, { check: false });
    await expect(page.getByRole('button', { name: `Vraag ${n}, beantwoord` })).toBeVisible();
    return;
  }
  const multiple = q!.answers!.filter((a) => a.correct).length > 1;
  for (const a of q!.answers!.filter((x) => x.correct)) {
    const option = page.getByRole(multiple ? 'checkbox' : 'radio', { name: new RegExp(`^[A-T]\\. ${escape(plain(a.text))}$`) });
    await option.check();
  }
  await expect(page.getByRole('button', { name: `Vraag ${n}, beantwoord` })).toBeVisible();
}

test.describe('the calibration of the expected grade', () => {
  test('an editor sees a student\'s expected grade against the mock exam grade she then got', async ({ page, browser, api }, testInfo) => {
    test.setTimeout(240_000);
    const [student, editor] = await Promise.all([api.createUser(), api.createUser()]);
    const role = giveRole(editor.email, 'editor');

    // She practises the free chapter's questions, right: an expected grade.
    await signIn(page, student);
    await page.goto(`/bibliotheek/question-settings/${SUBJECT}/${LIST}`);
    await page.getByRole('radio', { name: /Alle vragen/ }).check();
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    const practice = demoList(SUBJECT, LIST).questions;
    for (let i = 0; i < practice.length; i++) {
      await expect(questionHeading(page, i + 1)).toBeVisible();
      await answerRight(page, practice[i]!);
      const last = i === practice.length - 1;
      const onward = page.getByRole('button', { name: last ? 'Zie overzicht' : 'Ga naar de volgende vraag' });
      const arrived = last ? page.getByRole('heading', { level: 1, name: 'Oefenvragen voltooid' }) : questionHeading(page, i + 2);
      await expect(onward.or(arrived)).toBeVisible();
      if (await onward.isVisible()) await onward.click();
    }
    await page.goto(`/bibliotheek/subject/${SUBJECT}`);
    await expect(page.getByRole('region', { name: 'Waar sta je' }).getByTestId('expected-grade')).toHaveText(/^Verwacht cijfer \d+,\d/);

    // Then a mock exam of 5 questions, handed in (its open answers still waiting for her assessment).
    await page.goto(`/bibliotheek/proeftentamen/${SUBJECT}`);
    await page.getByRole('radio', { name: /^5 vragen/ }).check();
    await page.getByRole('button', { name: 'Start proeftentamen' }).click();
    await expect(page).toHaveURL(new RegExp(`/bibliotheek/proeftentamen/${SUBJECT}/[0-9a-f-]{36}$`));
    const questions = allQuestions();
    for (let n = 1; n <= 5; n++) {
      await answerExamQuestion(page, n, questions);
      if (n < 5) await page.getByRole('button', { name: 'Volgende vraag' }).click();
    }
    await page.getByRole('button', { name: 'Inleveren' }).click();
    await page.getByRole('dialog', { name: 'Tentamen inleveren?' }).getByRole('button', { name: 'Lever in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Uitslag proeftentamen' })).toBeVisible();

    // The editor's studio: the subject's calibration holds (at least) her exam.
    await role;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
    const editorPage = await context.newPage();
    await signIn(editorPage, editor);
    await editorPage.goto('/studio');
    await editorPage.getByRole('link', { name: new RegExp(SUBJECT_TITLE) }).click();
    await expect(editorPage.getByRole('heading', { level: 1, name: SUBJECT_TITLE })).toBeVisible();
    const calibration = editorPage.getByRole('region', { name: 'Verwacht cijfer tegen behaald cijfer' });
    await expect(calibration.getByTestId('calibration-summary')).toHaveText(/^\d+ proeftentamens? van \d+ student(en)?\. Gemiddeld verschil \d+,\d punt; \d+% lag binnen de getoonde marge\./);
    await expect(calibration.getByText(/^Brier-score per vraag: 0,\d{3} over \d+ vragen?/)).toBeVisible();
    await expect(calibration.getByRole('row')).not.toHaveCount(1);
    await calibration.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(editorPage, "the studio's calibration");
    expect(await calibration.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // the section only: the whole editor page is long, a full-page picture of it is slow
    const picture = join(import.meta.dirname, '..', '..', 'screenshots', 'studio-calibration.png');
    await calibration.screenshot({ path: picture, animations: 'disabled' });
    await testInfo.attach('studio-calibration', { path: picture, contentType: 'image/png' });
    await context.close();
  });
});
