import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { CLIENT_ID, PASSWORD, expect as baseExpect, expectNoAxeViolations, perAttempt, saveScreenshot, signIn, test, uniqueEmail, type TestUser, giveRole } from '../../fixtures.ts';

// A subject no other spec reads, so its new chapter changes nobody else's screens.
const SUBJECT = 'inleiding-bestuurskunde';
const SUBJECT_TITLE = 'Inleiding bestuurskunde';
const SUMMARY = 'inleiding-bestuurskunde-samenvatting';
const STUDENT_CHOICE = { university: 'ul', study: 'bestuurskunde', year: 'bachelor-1' };
const DESKTOP = { width: 1366, height: 850 };
const PHONE = { width: 390, height: 844 };
/** A whole editing session with four people on a shared machine: each step may take a while. */
const expect = baseExpect.configure({ timeout: 30_000 });


async function pageAt(browser: Browser, viewport: { width: number; height: number }, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

/** Types into the field with this label: focus by keyboard-reachable label, then the keys. */
async function fill(page: Page, label: string | RegExp, text: string, nth = 0) {
  const field = page.getByLabel(label, { exact: typeof label === 'string' }).nth(nth);
  await field.focus();
  await field.fill(text);
}

test.describe('the author studio', () => {
  // four people, each signing in, and a full editing session
  test.setTimeout(300_000);

  test('an author writes a chapter with a table and three questions, an editor publishes it, a student of the study reads it', async ({ browser, api, request }, testInfo) => {
    const [admin, author, editor] = await Promise.all([api.createUser(), api.createUser(), api.createUser()]);
    // What it publishes stays in the subject: a retry (the same database) writes a chapter and a list of its own.
    const first = testInfo.repeatEachIndex === 0 && testInfo.retry === 0;
    const CHAPTER = perAttempt('Lokale democratie', testInfo);
    const LIST = perAttempt('Oefenvragen lokale democratie', testInfo);
    const student = { email: uniqueEmail('student'), password: PASSWORD };
    const registered = await request.post('/api/auth/register', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: new URLSearchParams({ device_id: `e2e-${randomBytes(8).toString('hex')}`, grant_type: 'external_register', client_id: CLIENT_ID, ...student, ...STUDENT_CHOICE }).toString(),
    });
    expect(registered.ok(), await registered.text()).toBe(true);
    await giveRole(admin.email, 'admin');

    // The admin gives the roles and the subject, by keyboard, on a desktop screen.
    const adminPage = await pageAt(browser, DESKTOP, admin);
    await adminPage.goto('/profile');
    await adminPage.getByRole('link', { name: 'Studio: inhoud schrijven' }).click();
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Studio' })).toBeVisible();
    await expect(adminPage.getByText('Je rol: beheerder')).toBeVisible();
    for (const [who, role] of [
      [author, 'auteur'],
      [editor, 'redacteur'],
    ] as const) {
      await fill(adminPage, 'E-mailadres', who.email);
      await adminPage.getByLabel('Rol', { exact: true }).selectOption({ label: role });
      await adminPage.getByRole('button', { name: 'Rol geven' }).focus();
      await adminPage.keyboard.press('Enter');
      await expect(adminPage.getByText(who.email, { exact: true })).toBeVisible();
    }
    await fill(adminPage, 'E-mailadres', author.email);
    await adminPage.getByLabel('Vak', { exact: true }).selectOption({ label: SUBJECT_TITLE });
    await adminPage.getByRole('button', { name: 'Vak toewijzen' }).click();
    await expect(adminPage.getByText(`${author.email} (auteur) · Vakken: ${SUBJECT}`)).toBeVisible();
    await saveScreenshot(adminPage, 'studio-admin', testInfo);
    await expectNoAxeViolations(adminPage, 'studio, admin');

    // The author writes a new chapter with a table, on a desktop screen.
    const authorPage = await pageAt(browser, DESKTOP, author);
    await authorPage.goto('/studio');
    await authorPage.getByRole('link', { name: new RegExp(SUBJECT_TITLE) }).click();
    await expect(authorPage.getByRole('heading', { level: 1, name: SUBJECT_TITLE })).toBeVisible();
    await authorPage.getByRole('button', { name: 'Nieuw hoofdstuk' }).click();
    await fill(authorPage, 'Titel', CHAPTER);
    const markdown = authorPage.getByLabel('Tekst (Markdown)');
    await markdown.focus();
    await authorPage.keyboard.type('## De gemeenteraad\n');
    await authorPage.getByRole('button', { name: 'Tabel invoegen' }).click();
    const preview = authorPage.getByRole('region', { name: 'Voorbeeld zoals de student het leest' });
    await expect(preview.getByRole('heading', { name: 'De gemeenteraad' })).toBeVisible();
    await expect(preview.getByRole('columnheader', { name: 'Kolom 1' })).toBeVisible();
    await markdown.fill(
      '## De gemeenteraad\n\nDe raad stelt de kaders; het college voert uit.\n\n| Orgaan | Taak |\n| --- | --- |\n| Gemeenteraad | Kaders stellen en controleren |\n| College | Dagelijks bestuur |\n',
    );
    await expect(preview.getByRole('cell', { name: 'Kaders stellen en controleren' })).toBeVisible();

    // A question list of three questions, one of each kind; the checks name what is missing as she types.
    await authorPage.getByRole('button', { name: 'Nieuwe vragenlijst' }).click();
    await fill(authorPage, 'Titel van de lijst', LIST);
    await fill(authorPage, 'Beschrijving', 'Drie vragen over de gemeente.');
    await authorPage.getByLabel('Hoofdstuk van deze lijst').selectOption({ label: CHAPTER });
    for (let i = 0; i < 3; i++) await authorPage.getByRole('button', { name: 'Nieuwe vraag' }).click();
    await expect(authorPage.getByRole('button', { name: /^Ga naar vraag .*toelichting \(feedback\) ontbreekt/ }).first()).toBeVisible();

    await fill(authorPage, 'Vraag', 'Wie stelt de kaders?', 0);
    await fill(authorPage, 'Antwoord A', 'De gemeenteraad', 0);
    await fill(authorPage, 'Antwoord B', 'De burgemeester', 0);
    await fill(authorPage, 'Toelichting', 'De raad is het hoogste orgaan van de gemeente.', 0);

    const second = authorPage.getByRole('group', { name: 'Vraag 2' });
    await second.getByLabel('Soort vraag').selectOption({ label: 'Meerdere juiste antwoorden' });
    await fill(authorPage, 'Vraag', 'Wie horen bij het college?', 1);
    await fill(authorPage, 'Antwoord A', 'De burgemeester', 1);
    await fill(authorPage, 'Antwoord B', 'De wethouders', 1);
    await second.getByRole('checkbox', { name: 'Juist' }).nth(1).check();
    await second.getByRole('button', { name: 'Antwoord toevoegen' }).click();
    await fill(authorPage, 'Antwoord C', 'De raadsleden', 0);
    await fill(authorPage, 'Toelichting', 'Het college bestaat uit burgemeester en wethouders.', 1);

    const third = authorPage.getByRole('group', { name: 'Vraag 3' });
    await third.getByLabel('Soort vraag').selectOption({ label: 'Open vraag' });
    await fill(authorPage, 'Vraag', 'Wat doet de gemeenteraad?', 2);
    await fill(authorPage, 'Modelantwoord', 'Kaders stellen en het college controleren.');
    await fill(authorPage, 'Toelichting', 'De raad controleert het college.', 2);

    // The chapter points at its list; then nothing is left to fix.
    await authorPage.getByLabel('Vragenlijst bij dit hoofdstuk').selectOption({ label: LIST });
    await expect(authorPage.getByText('Geen problemen gevonden.')).toBeVisible();
    await saveScreenshot(authorPage, 'studio-editor', testInfo);
    await expectNoAxeViolations(authorPage, 'studio, editor');
    await authorPage.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(authorPage.getByText('Concept opgeslagen.')).toBeVisible();
    await authorPage.getByRole('button', { name: 'Indienen voor review' }).click();
    await expect(authorPage.getByText('Ingediend. Een redacteur bekijkt het.')).toBeVisible();
    await expect(authorPage.getByRole('heading', { name: 'Status: Wacht op redacteur' })).toBeVisible();

    // The editor publishes it, on a phone.
    const editorPage = await pageAt(browser, PHONE, editor);
    await editorPage.goto('/studio');
    await editorPage.getByRole('link', { name: new RegExp(`${SUBJECT_TITLE}.*Wacht op redacteur`) }).click();
    await expect(editorPage.getByRole('heading', { name: 'Status: Wacht op redacteur' })).toBeVisible();
    await editorPage.getByRole('button', { name: 'Publiceren' }).focus();
    await editorPage.keyboard.press('Enter');
    await expect(editorPage.getByText(first ? 'Gepubliceerd als release 1.' : /^Gepubliceerd als release \d+\.$/)).toBeVisible();
    await expect(editorPage.getByText(`Hoofdstuk toegevoegd: ${CHAPTER}`, { exact: true })).toBeVisible();
    await saveScreenshot(editorPage, 'studio-published-phone', testInfo);
    await expectNoAxeViolations(editorPage, 'studio, published');

    // A student of the study reads it at once, on a phone, table and all.
    const studentPage = await pageAt(browser, PHONE, student);
    await studentPage.goto(`/summary/read/${SUMMARY}/chapters`);
    // the chapter's link (its question list has a link of its own beside it)
    await studentPage.getByRole('link', { name: new RegExp(`^Hoofdstuk \\d+: ${CHAPTER}`) }).click();
    await expect(studentPage.getByRole('heading', { level: 1, name: CHAPTER, exact: true })).toBeVisible();
    await expect(studentPage.getByRole('cell', { name: 'Kaders stellen en controleren' })).toBeVisible();
    await saveScreenshot(studentPage, 'studio-student-reads', testInfo);

    // A student has no studio: the page says so, and the API answers 404.
    await studentPage.goto('/studio');
    await expect(studentPage.getByText('Deze pagina bestaat niet of is niet voor jou.')).toBeVisible();
  });
});
