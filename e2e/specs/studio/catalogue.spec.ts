import { type Page } from '@playwright/test';
import { CHOICE, PASSWORD, expect, expectNoAxeViolations, saveScreenshot, signIn, test, uniqueEmail, giveRole } from '../../fixtures.ts';

// The catalogue in the studio (decision 031): an admin adds a year layer with its sample course and
// a subject, and a new student registers into it and finds the subject in her library.
const SUBJECT_TITLE = 'Inleiding in de psychologie';


/** Opens a labelled dropdown of the Welcome step (Radix Select) and picks an option by its visible name. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: label })).toContainText(option);
}

test.describe('the catalogue in the studio', () => {
  test('an admin adds a year layer with a course text and a subject, and a new student registers into it', async ({ page, browser, api }, testInfo) => {
    // two people, an argon2 registration and three accessibility scans on a loaded 2-core runner
    test.setTimeout(90_000);
    const admin = await api.createUser();
    const role = giveRole(admin.email, 'admin');
    const suffix = Date.now().toString(36);
    const yearId = `premaster-${suffix}`;
    const yearName = `Premaster ${suffix}`;

    await role;
    await signIn(page, admin);
    await page.goto('/studio');
    await page.getByRole('link', { name: 'Catalogus beheren' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Catalogus' })).toBeVisible();
    await page.getByLabel('Kies een universiteit', { exact: true }).selectOption({ label: CHOICE.university.name });
    await page.getByLabel('Kies een studie', { exact: true }).selectOption({ label: CHOICE.study.name });

    // by keyboard: open "Studiejaar toevoegen" and fill its form
    const summary = page.getByText('Studiejaar toevoegen', { exact: true }).first();
    await summary.focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Studiejaar toevoegen' });
    await form.getByLabel(/^Id/).fill('Premaster 2');
    await form.getByLabel('Naam', { exact: true }).fill(yearName);
    await form.getByLabel('Vaknaam').fill('Brugvak statistiek');
    await form.getByLabel('Percentage medestudenten').fill('140');
    await form.getByLabel('Afbeelding').selectOption({ label: 'Laptop' });
    await form.getByLabel('Titel').fill('Haal je premaster in één keer');
    await form.getByLabel('Tekst').fill('64% van je medestudenten in de premaster studeert al met Blok.');
    await form.getByRole('button', { name: 'Studiejaar toevoegen' }).click();
    // wrong input is said in Dutch next to its field, and nothing is sent
    await expect(form.getByText('Gebruik alleen kleine letters, cijfers en streepjes, zoals bachelor-2.')).toBeVisible();
    await expect(form.getByText('Vul een heel getal van 0 tot en met 100 in.')).toBeVisible();
    await expect(form.getByLabel(/^Id/)).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'catalogue: the add-year form with its errors');

    await form.getByLabel(/^Id/).fill(yearId);
    await form.getByLabel('Percentage medestudenten').fill('64');
    await form.getByLabel('Percentage medestudenten').press('Enter');
    const yearCard = page.getByRole('region', { name: /^Studiejaar/ });
    await expect(yearCard.getByRole('status').filter({ hasText: 'Opgeslagen.' })).toBeVisible();
    await expect(page.getByLabel('Kies een studiejaar', { exact: true })).toHaveValue(yearId);

    // its subject: the library gives it to every student of this study year
    const subjects = page.getByRole('form', { name: 'Vakken van dit studiejaar' });
    await subjects.getByRole('checkbox', { name: SUBJECT_TITLE }).check();
    await subjects.getByRole('button', { name: 'Opslaan' }).click();
    await expect(yearCard.getByRole('status').filter({ hasText: 'Opgeslagen.' })).toBeVisible();
    await expectNoAxeViolations(page, 'catalogue: the new year with its subject');
    await saveScreenshot(page, 'studio-catalogue', testInfo);

    // a new student chooses the new year on the Welcome step and sees its course text
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
    const student = await context.newPage();
    await student.goto('/auth/register');
    await expect(student.getByRole('heading', { name: 'Welkom bij Blok' })).toBeVisible();
    await choose(student, 'Universiteit', CHOICE.university.name);
    await choose(student, 'Studie', CHOICE.study.name);
    await choose(student, 'Jaar', yearName);
    const course = student.getByRole('article', { name: 'Brugvak statistiek' });
    await expect(course.getByRole('heading', { name: 'Haal je premaster in één keer' })).toBeVisible();
    await expect(course).toContainText('64% van je medestudenten');
    await expectNoAxeViolations(student, 'register: the new year chosen');
    await student.getByRole('button', { name: 'Start met studeren' }).click();
    await student.getByRole('button', { name: 'Sla introductie over' }).or(student.getByRole('link', { name: 'Sla introductie over' })).click();
    await student.getByLabel('E-mailadres', { exact: true }).fill(uniqueEmail('catalogue'));
    await student.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
    await student.getByRole('button', { name: 'Registreer account' }).click();
    await expect(student).toHaveURL(/\/home$/);
    await student.goto('/bibliotheek');
    await expect(student.getByRole('link', { name: new RegExp(SUBJECT_TITLE) }).first()).toBeVisible();
    await context.close();
  });
});
