import { expect as baseExpect, expectNoAxeViolations, giveRole, saveScreenshot, signIn, test } from '../../fixtures.ts';

/*
 * Issue 40's "Done means": the studio editing a numeric question, at 390 x 844, by keyboard, with
 * axe. An editor opens lineaire algebra's determinant list, whose first question is numeric: its kind
 * reads 'Getal', its key is YAML with a hint, the importer's checks name a value that is no number as
 * she types, and the draft saves once it is one. Only a draft: what students see does not change.
 */
const SUBJECT_TITLE = 'Lineaire algebra';
const LIST_TITLE = 'Determinanten';
const expect = baseExpect.configure({ timeout: 20_000 });

test.describe('the studio and the new question types', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an editor edits a numeric question: its key in YAML, checked as she types, saved', async ({ page, api }, testInfo) => {
    test.setTimeout(120_000);
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
    const key = question.getByLabel('Antwoordsleutel (YAML)');
    await expect(key).toHaveValue(/^value: -24$/m);
    await expect(key).toHaveAccessibleDescription(/value: het juiste getal/);
    // no answer fields for a number
    await expect(question.getByLabel(/^Antwoord A$/)).toHaveCount(0);

    // keyboard: into the key, replace it with a value that is no number
    await key.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('value: veel\n');
    const problem = page.getByRole('button', { name: /value moet een getal zijn/ });
    await expect(problem).toBeVisible();
    await saveScreenshot(page, 'studio-numeric-problem', testInfo);
    await expectNoAxeViolations(page, 'studio numeric question with a problem');

    // a number with a tolerance: nothing left to fix, and it saves
    await key.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('value: -24\ntolerance: 0.5\n');
    await expect(problem).toHaveCount(0);
    await page.getByRole('button', { name: 'Opslaan', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Concept opgeslagen.')).toBeVisible();
    await saveScreenshot(page, 'studio-numeric-saved', testInfo);
    await expectNoAxeViolations(page, 'studio numeric question saved');
  });
});
