import { expect as baseExpect, expectNoAxeViolations, giveRole, saveScreenshot, signIn, test } from '../../fixtures.ts';

/*
 * Issue 40's "Done means": the studio editing a numeric question, at 390 x 844, by keyboard, with
 * axe. An editor opens lineaire algebra's determinant list, whose first question is numeric: its key
 * is a form (the value the Dutch way, a tolerance absolute or relative, a unit). What is no number is
 * named at the field and by the importer's checks as she types; she tries an answer in the question
 * as the student sees it and the rule grades it. Then she adds a typed-answer question with two
 * variants and tries a misspelt answer. Only a draft: what students see does not change.
 */
const SUBJECT_TITLE = 'Lineaire algebra';
const LIST_TITLE = 'Determinanten';
const expect = baseExpect.configure({ timeout: 20_000 });

test.describe('the studio and the new question types', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an editor edits a numeric question in its form, tries it, and adds a typed-answer question', async ({ page, api }, testInfo) => {
    test.setTimeout(150_000);
    const editor = await api.createUser();
    await giveRole(editor.email, 'editor');
    await signIn(page, editor);
    await page.goto('/studio');
    await page.getByRole('link', { name: new RegExp(SUBJECT_TITLE) }).click();
    await expect(page.getByRole('heading', { level: 1, name: SUBJECT_TITLE })).toBeVisible();
    await page.getByLabel('Vragenlijst om te bewerken').selectOption({ label: LIST_TITLE });

    const question = page.getByRole('group', { name: 'Vraag 1', exact: true });
    const kind = question.getByLabel('Soort vraag');
    await expect(kind).toHaveValue('numeric');
    await expect(kind.locator('option:checked')).toHaveText('Getal');
    // the form, not YAML: the value the Dutch way, exact until a tolerance is given
    await expect(question.getByLabel('Antwoordsleutel (YAML)')).toHaveCount(0);
    const value = question.getByLabel('Juiste waarde');
    await expect(value).toHaveValue('-24');
    await expect(value).toHaveAccessibleDescription(/komma of een punt/);
    await expect(question.getByText('Alleen -24 telt als goed.')).toBeVisible();
    await expect(question.getByLabel(/^Antwoord A$/)).toHaveCount(0);

    // keyboard: a value that is no number, named at the field and by the importer's checks
    await value.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('veel');
    await expect(value).toHaveAttribute('aria-invalid', 'true');
    await expect(value).toHaveAccessibleDescription(/"veel" is geen getal/);
    const problem = page.getByRole('button', { name: /value moet een getal zijn/ });
    await expect(problem).toBeVisible();
    await expect(question.getByText(/De controle vindt 1 probleem in deze vraag/)).toBeVisible();
    await expect(question.getByText('Vul de antwoordsleutel in om de vraag hier te proberen.')).toBeVisible();
    await value.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'studio-numeric-problem', testInfo);
    await expectNoAxeViolations(page, 'studio numeric question with a problem');

    // a number with a decimal comma and a relative tolerance of 1 %, all by keyboard
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('-24,0');
    await page.keyboard.press('Tab');
    const absolute = question.getByRole('radio', { name: /Absoluut/ });
    const relative = question.getByRole('radio', { name: /Relatief/ });
    await expect(absolute).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(relative).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(question.getByLabel('Tolerantie in procent')).toBeFocused();
    await page.keyboard.type('1');
    await expect(question.getByText('Telt als goed: van -24,24 tot en met -23,76.')).toBeVisible();
    await expect(problem).toHaveCount(0);

    // try it as the student: the rule grades the answer the way the API will
    const tryOut = question.getByRole('region', { name: /Zo ziet de student het/ });
    const answer = tryOut.getByLabel('Jouw antwoord');
    await answer.focus();
    await page.keyboard.type('-24,2');
    await expect(tryOut.getByRole('status')).toHaveText(/^Goed/);
    await expect(tryOut.getByText('Juiste antwoord: -24', { exact: true })).toBeVisible();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('-25');
    await expect(tryOut.getByRole('status')).toHaveText(/^Fout/);
    await tryOut.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'studio-numeric-try-out', testInfo);
    await expectNoAxeViolations(page, 'studio numeric question tried');

    // a typed-answer question with two variants
    const count = await page.getByRole('group', { name: /^Vraag \d+$/ }).count();
    await page.getByRole('button', { name: 'Nieuwe vraag', exact: true }).focus();
    await page.keyboard.press('Enter');
    const typed = page.getByRole('group', { name: `Vraag ${count + 1}`, exact: true });
    await typed.getByLabel('Soort vraag').focus();
    await page.keyboard.type('Typ');
    await expect(typed.getByLabel('Soort vraag')).toHaveValue('typed');
    await typed.getByLabel('Vraag', { exact: true }).focus();
    await page.keyboard.type('Hoe heet de matrix die je krijgt door rijen en kolommen te verwisselen?');
    await expect(typed.getByText(/Hoofdletters, accenten/)).toBeVisible();
    await typed.getByRole('textbox', { name: 'Goed antwoord 1', exact: true }).focus();
    await page.keyboard.type('getransponeerde');
    await typed.getByRole('button', { name: 'Variant toevoegen' }).focus();
    await page.keyboard.press('Enter');
    // the new field has the focus: she types on
    await expect(typed.getByRole('textbox', { name: 'Goed antwoord 2', exact: true })).toBeFocused();
    await page.keyboard.type('transponent');
    await typed.getByLabel('Toelichting').focus();
    await page.keyboard.type('Rijen worden kolommen: dat is de getransponeerde matrix.');

    const typedTryOut = typed.getByRole('region', { name: /Zo ziet de student het/ });
    await typedTryOut.getByLabel('Jouw antwoord').focus();
    await page.keyboard.type('Getransponeerd');
    await expect(typedTryOut.getByRole('status')).toHaveText(/^Goed, met een tikfout/);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Transponént');
    await expect(typedTryOut.getByRole('status')).toHaveText(/^Goed: /);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('inverse');
    await expect(typedTryOut.getByRole('status')).toHaveText(/^Fout/);
    await typed.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'studio-typed-try-out', testInfo);
    await expectNoAxeViolations(page, 'studio typed-answer question');

    // nothing left to fix: the draft saves
    await expect(page.getByText('Geen problemen gevonden', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Opslaan', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Concept opgeslagen.')).toBeVisible();
    await saveScreenshot(page, 'studio-numeric-saved', testInfo);
  });
});
