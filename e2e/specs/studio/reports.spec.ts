import { expect, expectNoAxeViolations, saveScreenshot, signIn, test, giveRole } from '../../fixtures.ts';
import { demoList } from '../questions/content.ts';

// "Meld een fout" (decision 029): a student reports a mistake in a question; an editor sees it in
// the studio's inbox of the subject, with the question it is about, and marks it handled. She can
// report a chapter from its end in the reader and a flashcard under the card the same way.
const SUBJECT = 'inleiding-psychologie';
const SUBJECT_TITLE = 'Inleiding in de psychologie';
const LIST = 'psy-vragen-waarneming';


test.describe('reporting a mistake', () => {
  test('a student reports a mistake in a question, and an editor sees it in the studio and marks it handled', async ({ page, browser, api }, testInfo) => {
    // two people signing in and two accessibility scans
    test.slow();
    const first = demoList(SUBJECT, LIST).questions[0]!;
    const [student, editor] = await Promise.all([api.createUser(), api.createUser()]);
    // the command line starts while she practises
    const role = giveRole(editor.email, 'editor');
    const message = `Antwoord B klopt ook, zie de samenvatting (${Date.now()}).`;

    await signIn(page, student);
    await page.goto(`/bibliotheek/question-settings/${SUBJECT}/${LIST}`);
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Oefenvraag 1' })).toBeVisible();

    const toggle = page.getByRole('button', { name: 'Meld een fout' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const field = page.getByLabel('Wat klopt er niet aan deze vraag?');
    // too short: said next to the field, nothing sent
    await field.fill('fout');
    await page.getByRole('button', { name: 'Verstuur melding' }).click();
    await expect(page.getByRole('alert')).toHaveText('Beschrijf de fout in minstens 5 tekens.');
    await field.fill(message);
    await expectNoAxeViolations(page, 'question with the report form open');
    await page.getByRole('button', { name: 'Verstuur melding' }).click();
    await expect(page.getByText('Bedankt voor je melding')).toBeVisible();
    await saveScreenshot(page, 'studio-report-sent', testInfo);

    await role;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
    const editorPage = await context.newPage();
    await signIn(editorPage, editor);
    await editorPage.goto('/studio');
    await editorPage.getByRole('link', { name: new RegExp(SUBJECT_TITLE) }).click();
    await expect(editorPage.getByRole('heading', { level: 1, name: SUBJECT_TITLE })).toBeVisible();
    await expect(editorPage.getByRole('heading', { level: 2, name: 'Gemelde fouten' })).toBeVisible();
    const inbox = editorPage.getByRole('region', { name: 'Gemelde fouten' });
    // her report, found by its text: the other journeys of this file report in this subject too, at
    // the same time on the other worker (and a retry finds the first attempt's reports)
    const item = inbox.getByRole('listitem').filter({ hasText: message });
    await expect(item).toBeVisible();
    await expect(item.getByText(`Vraag ${first.id}`)).toBeVisible();
    await inbox.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(editorPage, 'studio inbox');
    // the inbox only: the whole editor page is long, a full-page picture of it is slow
    await testInfo.attach('studio-reports-inbox', { body: await inbox.screenshot({ animations: 'disabled' }), contentType: 'image/png' });

    // each button names its report, not only the same words as every other report's button
    await item.getByRole('button', { name: `Markeer als afgehandeld: Vraag ${first.id}`, exact: true }).click();
    await expect(item.getByText(new RegExp(`Afgehandeld door ${editor.email.replace(/[.+]/g, '\\$&')}`))).toBeVisible();
    await expect(item.getByRole('button', { name: 'Markeer als afgehandeld' })).toHaveCount(0);
    await context.close();

    // back at the question, the student reads that her report was handled
    await page.reload();
    await expect(page.getByText(/Je melding van .* over deze vraag is op .* afgehandeld\./)).toBeVisible();
  });

  test('a student reports a mistake at the end of a chapter and under a flashcard, by keyboard', async ({ page, api }, testInfo) => {
    test.slow();
    await signIn(page, await api.createUser());
    const stamp = Date.now();

    // the reader: the form at the chapter's end
    await page.goto('/summary/read/inleiding-psychologie-samenvatting/psy-grondslagen');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const chapterToggle = page.getByRole('button', { name: 'Meld een fout' });
    await chapterToggle.focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Wat klopt er niet in dit hoofdstuk?').fill(`De tabel mist een rij (${stamp}).`);
    await expectNoAxeViolations(page, 'reader with the report form open');
    await page.getByRole('button', { name: 'Verstuur melding' }).click();
    await expect(page.getByText('Bedankt voor je melding')).toBeVisible();
    await expect(page.getByText('De auteurs van dit vak kijken ernaar en verbeteren het hoofdstuk als er iets niet klopt.')).toBeVisible();
    await page.getByText('Bedankt voor je melding').scrollIntoViewIfNeeded();
    await testInfo.attach('report-chapter-sent', { body: await page.screenshot({ animations: 'disabled' }), contentType: 'image/png' });
    // opened again, the chapter says she reported it and that the authors look at it
    await page.reload();
    await expect(page.getByText(/^Je meldde op .* een fout in dit hoofdstuk\. De auteurs kijken ernaar\.$/)).toBeVisible();

    // a flashcard session: the form under the card; typing a space does not flip the card
    await page.goto('/bibliotheek/flashcards-settings/micro-economie/mic-fc-schaarste-en-keuzes');
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(page.getByText(/^Kaart 1 van \d+$/)).toBeVisible();
    await page.getByRole('button', { name: 'Meld een fout' }).click();
    const field = page.getByLabel('Wat klopt er niet aan deze kaart?');
    await field.focus();
    await page.keyboard.type(`De achterkant mist een voorbeeld (${stamp}).`);
    await expect(page.getByRole('group', { name: /^Kaart 1 van \d+, Voorkant$/ })).toBeVisible();
    await expectNoAxeViolations(page, 'flashcard with the report form open');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Bedankt voor je melding')).toBeVisible();
    await saveScreenshot(page, 'report-flashcard-sent', testInfo);

    // the same card, opened again, says she reported it
    await page.reload();
    await expect(page.getByText(/^Je meldde op .* een fout in deze kaart\. De auteurs kijken ernaar\.$/)).toBeVisible();
  });
});
