import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';
import { chapterOfList, demoList } from './content.ts';
import { answerRight, option, questionHeading } from './answer.ts';

const SUBJECT = 'inleiding-psychologie';
const LIST = 'psy-vragen-waarneming';

const settingsUrl = (listId = LIST) => `/bibliotheek/question-settings/${SUBJECT}/${listId}`;

/** Starts a session with all questions of the list from the settings screen. */
async function startAll(page: Page, showAnswers: boolean) {
  await page.goto(settingsUrl());
  await expect(page.getByRole('heading', { level: 1, name: 'Oefenvragen instellen' })).toBeVisible();
  await page.getByRole('radio', { name: /Alle vragen/ }).check();
  const toggle = page.getByRole('checkbox', { name: /Antwoorden tussendoor tonen/ });
  if (showAnswers) await toggle.check();
  else await toggle.uncheck();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/bibliotheek/questions/[0-9a-f-]{36}/${SUBJECT}/${LIST}$`));
}

test.describe('practice questions', () => {
  test('a full session with answers in between: right, wrong, skipped; the results show ? in orange until the skipped one is answered', async ({
    page,
    api,
  }, testInfo) => {
    // A whole session with four accessibility scans: longer than the default 30 s under load.
    test.slow();
    const list = demoList(SUBJECT, LIST);
    const questions = list.questions;
    expect(questions.length).toBeGreaterThanOrEqual(3);
    expect(questions[1]!.type).toBe('SELECT');
    await signIn(page, await api.createUser());

    await page.goto(settingsUrl());
    await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeVisible();
    await saveScreenshot(page, 'questions-settings', testInfo);
    await expectNoAxeViolations(page, 'question settings');
    await startAll(page, true);

    // 1: right
    await expect(questionHeading(page, 1)).toBeVisible();
    await expect(page.getByText(`Vraag 1 van ${questions.length}`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: list.title })).toBeVisible();
    await saveScreenshot(page, 'questions-answering', testInfo);
    await expectNoAxeViolations(page, 'question answering');
    await answerRight(page, questions[0]!);
    const right = page.getByRole('heading', { name: 'Vraag goed beantwoord' });
    await expect(right).toBeVisible();
    await expect(right).toBeFocused();
    await saveScreenshot(page, 'questions-feedback', testInfo);
    await expectNoAxeViolations(page, 'feedback panel');
    // the pick is locked
    await expect(page.getByRole('button', { name: /^Antwoord A:/ })).toBeDisabled();
    await page.getByRole('button', { name: 'Ga naar de volgende vraag' }).click();

    // 2: wrong
    await expect(questionHeading(page, 2)).toBeFocused();
    const wrongIndex = questions[1]!.answers!.findIndex((a) => !a.correct);
    const q2Multi = questions[1]!.answers!.filter((a) => a.correct).length > 1;
    if (q2Multi) {
      await option(page, questions[1]!, wrongIndex).check();
      await page.getByRole('button', { name: 'Bevestig antwoord' }).click();
    } else {
      await option(page, questions[1]!, wrongIndex).click();
    }
    await expect(page.getByRole('heading', { name: 'Vraag fout beantwoord' })).toBeVisible();
    await page.getByRole('button', { name: 'Ga naar de volgende vraag' }).click();

    // 3: skipped
    await expect(questionHeading(page, 3)).toBeVisible();
    await page.getByRole('button', { name: 'Sla over' }).click();

    // the rest: right
    for (let i = 3; i < questions.length; i++) {
      await expect(questionHeading(page, i + 1)).toBeVisible();
      await answerRight(page, questions[i]!);
      await page.getByRole('button', { name: i === questions.length - 1 ? 'Zie overzicht' : 'Ga naar de volgende vraag' }).click();
    }

    // results: '?' in orange
    const title = page.getByRole('heading', { level: 1, name: 'Oefenvragen voltooid' });
    await expect(title).toBeVisible();
    await expect(title).toBeFocused();
    const circle = page.getByRole('img', { name: /^Cijfer/ });
    await expect(circle).toHaveText('?');
    await expect(circle).toHaveAttribute('data-tone', 'unknown');
    await expect(circle).toHaveCSS('background-color', 'rgb(181, 71, 8)');
    await expect(page.getByRole('button', { name: /Oefenvraag 3.*Overgeslagen/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Annuleren' })).toBeVisible();
    await saveScreenshot(page, 'questions-results-open', testInfo);
    await expectNoAxeViolations(page, 'results');

    // 'Beantwoord vragen' leads to the skipped one
    await page.getByRole('button', { name: 'Beantwoord vragen' }).click();
    await expect(questionHeading(page, 3)).toBeVisible();
    await expect(page.getByText('Je beantwoordt nu de vragen die nog openstaan.')).toBeVisible();
    await answerRight(page, questions[2]!);
    await expect(page.getByRole('heading', { name: 'Vraag goed beantwoord' })).toBeVisible();
    await page.getByRole('button', { name: 'Zie overzicht' }).click();

    // now a number: (n - 1) right of n, green at 5.5 or more
    const n = questions.length;
    const grade = Math.max(1, Math.round((100 * (n - 1)) / n) / 10);
    await expect(title).toBeVisible();
    await expect(circle).toHaveText(grade.toFixed(1).replace('.', ','));
    await expect(circle).toHaveAttribute('data-tone', grade >= 5.5 ? 'pass' : 'fail');
    await expect(circle).toHaveCSS('background-color', grade >= 5.5 ? 'rgb(6, 118, 71)' : 'rgb(180, 35, 24)');
    await expect(page.getByRole('button', { name: 'Ga verder met studeren' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Annuleren' })).toHaveCount(0);

    // a row opens its detail area
    await page.getByRole('button', { name: /Oefenvraag 2.*Fout/ }).click();
    await expect(page.getByRole('heading', { name: 'Jouw antwoord', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Juiste antwoord/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Toelichting', exact: true })).toBeVisible();
    await saveScreenshot(page, 'questions-results', testInfo);
    await expectNoAxeViolations(page, 'results with a grade');

    await page.getByRole('button', { name: 'Ga verder met studeren' }).click();
    await expect(page).toHaveURL(new RegExp(`/bibliotheek/subject/${SUBJECT}$`));
  });

  test('without answers in between, an answer advances at once to the next question', async ({ page, api }) => {
    const questions = demoList(SUBJECT, LIST).questions;
    await signIn(page, await api.createUser());
    await startAll(page, false);
    await expect(questionHeading(page, 1)).toBeVisible();
    await answerRight(page, questions[0]!);
    await expect(questionHeading(page, 2)).toBeVisible();
    await expect(page.getByRole('heading', { name: /Vraag (goed|fout|deels goed) beantwoord/ })).toHaveCount(0);
    await expect(page.getByText(`Vraag 2 van ${questions.length}`)).toBeVisible();
  });

  test('the quit modal asks first, and quitting leads back to the subject; the session can be continued later', async ({ page, api }, testInfo) => {
    await signIn(page, await api.createUser());
    await startAll(page, true);
    await expect(questionHeading(page, 1)).toBeVisible();
    await page.getByRole('button', { name: 'Sla over' }).click();
    await expect(questionHeading(page, 2)).toBeVisible();

    await page.getByRole('button', { name: 'Stop met vragen beantwoorden' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stoppen met vragen' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Weet je zeker dat je wilt stoppen met het beantwoorden van de vragen? Je kan op een later moment doorgaan.');
    await saveScreenshot(page, 'questions-quit', testInfo);
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(questionHeading(page, 2)).toBeVisible();

    await page.getByRole('button', { name: 'Stop met vragen beantwoorden' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Stop met vragen', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/bibliotheek/subject/${SUBJECT}$`));

    // later: the settings offer to continue where she was
    await page.goto(settingsUrl());
    await page.getByRole('link', { name: 'Ga verder waar je was' }).click();
    await expect(questionHeading(page, 2)).toBeVisible();
  });

  test('practising from the reader starts a session for the chapter and quits back to the chapter', async ({ page, api }) => {
    const listId = 'psy-vragen-grondslagen';
    const { summaryId, chapterId } = chapterOfList(SUBJECT, listId);
    await signIn(page, await api.createUser());
    await page.goto(`/summary/questions/${summaryId}/${listId}`);
    await expect(questionHeading(page, 1)).toBeVisible();
    await page.getByRole('button', { name: 'Stop met vragen beantwoorden' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Stop met vragen', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/summary/read/${summaryId}/${chapterId}$`));
  });
});
