import type { Page } from '@playwright/test';
import type { StudioQuestion } from '@blok/contract/studio';
import { expect as baseExpect, expectNoAxeViolations, saveScreenshot, signIn, test, giveRole } from '../../fixtures.ts';
import { demoList } from './content.ts';
import { answerRight, questionHeading } from './answer.ts';
import { accessToken } from '../pwa/offline-helpers.ts';

/*
 * Issue 29's "Done means": a correction to a question she already answered keeps her results screen
 * consistent (decision 029). A subject no other spec releases (celbiologie), so the release changes
 * nobody else's screens (answer-order.spec.ts grades another of its lists); its first list has five
 * questions, one of each kind.
 */
const SUBJECT = 'celbiologie';
const SUBJECT_TITLE = 'Celbiologie';
const LIST = 'cel-h1-cellen-vragen';
/** A student and an editor on a shared machine: each step may take a while. */
const expect = baseExpect.configure({ timeout: 20_000 });



/** A question of LIST as the studio has it (the subject's draft, which publishing leaves equal to the release). */
async function publishedQuestion(editorPage: Page, questionId: string): Promise<StudioQuestion> {
  const token = await accessToken(editorPage.context());
  const response = await editorPage.request.get(`/api/studio/subjects/${SUBJECT}/draft`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);
  const draft = (await response.json()) as { document: { questionLists: Array<{ id: string; questions: StudioQuestion[] }> } };
  return draft.document.questionLists.find((l) => l.id === LIST)!.questions.find((q) => q.id === questionId)!;
}

test.describe('a correction after she answered', () => {
  test('a correction to a question she already answered keeps her results screen consistent', async ({ page, browser, api }, testInfo) => {
    // a whole session, an editor's release in the studio and three accessibility scans
    test.setTimeout(180_000);
    const list = demoList(SUBJECT, LIST);
    const questions = list.questions;
    expect(questions).toHaveLength(5);
    const changed = questions[0]!;
    expect(changed.answers!.filter((a) => a.correct)).toHaveLength(1);
    const [student, editor] = await Promise.all([api.createUser(), api.createUser()]);
    await giveRole(editor.email, 'editor');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
    const editorPage = await context.newPage();
    await signIn(editorPage, editor);
    // The first question as it is published now, not as written: a retry (the same database) finds
    // the correction of the attempt before it.
    const published = await publishedQuestion(editorPage, changed.id);
    expect(published.answers.map((a) => a.text)).toEqual(changed.answers!.map((a) => a.text));
    changed.answers = changed.answers!.map((a, i) => ({ ...a, correct: published.answers[i]!.correct }));

    // She answers the whole list right, with the answers in between, and sees her results.
    await signIn(page, student);
    await page.goto(`/bibliotheek/question-settings/${SUBJECT}/${LIST}`);
    await page.getByRole('radio', { name: /Alle vragen/ }).check();
    await page.getByRole('checkbox', { name: /Antwoorden tussendoor tonen/ }).check();
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    for (const [i, q] of questions.entries()) {
      await expect(questionHeading(page, i + 1)).toBeVisible();
      await answerRight(page, q);
      await expect(page.getByRole('heading', { name: 'Vraag goed beantwoord' })).toBeVisible();
      await page.getByRole('button', { name: i === questions.length - 1 ? 'Zie overzicht' : 'Ga naar de volgende vraag' }).click();
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Oefenvragen voltooid' })).toBeVisible();
    await expect(page.getByText('Je hebt 5 van de 5 vragen goed beantwoord.')).toBeVisible();
    const resultsUrl = page.url();

    // An editor makes another answer of the first question the right one, in the studio, and publishes.
    await editorPage.goto('/studio');
    await editorPage.getByRole('link', { name: new RegExp(SUBJECT_TITLE) }).click();
    await expect(editorPage.getByRole('heading', { level: 1, name: SUBJECT_TITLE })).toBeVisible();
    await editorPage.getByLabel('Vragenlijst om te bewerken').selectOption({ label: list.title });
    const first = editorPage.getByRole('group', { name: 'Vraag 1', exact: true });
    await expect(first.getByLabel('Vraag', { exact: true })).toHaveValue(changed.text);
    // the answer written first was wrong; ticking it unticks the old right one (one correct answer)
    const wrongIndex = changed.answers!.findIndex((a) => !a.correct);
    await first.getByRole('checkbox', { name: 'Juist' }).nth(wrongIndex).check();
    await expect(first.getByRole('checkbox', { name: 'Juist', checked: true })).toHaveCount(1);
    await editorPage.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(editorPage.getByText('Concept opgeslagen.')).toBeVisible();
    await editorPage.getByRole('button', { name: 'Indienen voor review' }).click();
    await expect(editorPage.getByText('Ingediend. Een redacteur bekijkt het.')).toBeVisible();
    await editorPage.getByRole('button', { name: 'Publiceren' }).click();
    await expect(editorPage.getByText(/^Gepubliceerd als release \d+\.$/)).toBeVisible();
    await context.close();

    // Her results again: the changed question is shown as answered on the earlier version and left
    // out of the grade; the grade, the sentence, the bar and the rows agree, and nothing errors.
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('response', (r) => {
      if (r.url().includes('/api/') && r.status() >= 500) errors.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(resultsUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Oefenvragen voltooid' })).toBeVisible();
    await expect(page.getByText('Je hebt 4 van de 4 vragen goed beantwoord.')).toBeVisible();
    await expect(page.getByText('1 vraag is gewijzigd nadat je hem beantwoordde. Dat antwoord telt niet mee in je cijfer.')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Beantwoorde vragen' })).toHaveAttribute('aria-valuetext', '4 van 4 vragen beantwoord');
    await expect(page.getByRole('img', { name: /^Cijfer 10(,0)?, voldoende$/ })).toBeVisible();
    const rows = page.getByRole('region', { name: 'Jouw antwoorden per vraag' }).getByRole('listitem');
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(0)).toContainText('Vraag gewijzigd');
    for (let i = 1; i < 5; i++) await expect(rows.nth(i)).toContainText('Goed');
    await rows.nth(0).getByRole('button').click();
    await expect(page.getByText('De vraag is verbeterd nadat je hem beantwoordde. Je antwoord hoort bij de oude versie en telt niet mee in je cijfer.')).toBeVisible();
    await saveScreenshot(page, 'questions-results-after-correction', testInfo);
    await expectNoAxeViolations(page, 'results after a correction');
    expect(errors).toEqual([]);
  });
});
