import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect as baseExpect, expectNoAxeViolations, perAttempt, saveScreenshot, signIn, test, giveRole } from '../../fixtures.ts';

// A subject no other spec reads; nothing here is published, the draft stays the studio's.
const SUBJECT_TITLE = 'Inleiding in de pedagogiek';
const ADMIN_VIEW = { width: 1366, height: 850 };
const ALT = 'Schema van opvoeding, onderwijs en vorming';
/** Signing in three people and two accessibility scans on a shared machine: each step may take a while. */
const expect = baseExpect.configure({ timeout: 30_000 });


/** Opens a labelled dropdown (Radix Select, as at registration) and picks an option by its name. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: label, exact: true })).toContainText(option);
}

/** Scrolls a lazily loading picture into view and tells its width once it has loaded (0 until then). */
const inViewLoadedWidth = (img: HTMLImageElement) => {
  img.scrollIntoView({ block: 'center' });
  return img.complete ? img.naturalWidth : 0;
};

/** A picture an author might make: a diagram of three coloured blocks, as a PNG. */
const diagram = () =>
  sharp({ create: { width: 480, height: 240, channels: 3, background: '#ffffff' } })
    .composite([
      { input: { create: { width: 120, height: 120, channels: 3, background: '#2d6cdf' } }, left: 30, top: 60 },
      { input: { create: { width: 120, height: 120, channels: 3, background: '#e0a100' } }, left: 180, top: 60 },
      { input: { create: { width: 120, height: 120, channels: 3, background: '#1d9a5b' } }, left: 330, top: 60 },
    ])
    .png()
    .toBuffer();

test.describe('writing flashcards and pictures in the studio', () => {
  test.setTimeout(240_000);

  test('an author adds a flashcard set with two cards and a picture in a chapter, and sees both as a student of the study would', async ({ page, browser, api }, testInfo) => {
    // the draft outlives an attempt: a retry writes a set of its own name
    const setTitle = perAttempt('Begrippen uit de studio', testInfo);
    const [admin, author] = await Promise.all([api.createUser(), api.createUser()]);
    await giveRole(admin.email, 'admin');
    await giveRole(author.email, 'author');

    // The admin gives her the subject.
    const adminContext = await browser.newContext({ viewport: ADMIN_VIEW, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, admin);
    await adminPage.goto('/studio');
    await adminPage.getByLabel('E-mailadres', { exact: true }).fill(author.email);
    await adminPage.getByLabel('Vak', { exact: true }).selectOption({ label: SUBJECT_TITLE });
    await adminPage.getByRole('button', { name: 'Vak toewijzen' }).click();
    // her own line: an earlier attempt (a retry) left another author's line with the same subject
    await expect(adminPage.getByText(`${author.email} (auteur) · Vakken: inleiding-pedagogiek`)).toBeVisible();
    await adminContext.close();

    // The author works on a phone (the test's default 390 x 844).
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, author);
    await page.goto('/studio');
    await page.getByRole('link', { name: new RegExp(SUBJECT_TITLE) }).click();
    await expect(page.getByRole('heading', { level: 1, name: SUBJECT_TITLE })).toBeVisible();

    // A new flashcard set with two cards, by keyboard: the new card's front gets the focus, and a
    // moved card keeps it.
    await page.getByRole('button', { name: 'Nieuwe flashcardset' }).click();
    await page.getByLabel('Naam van de set').fill(setTitle);
    await page.getByLabel('Beschrijving van de set').fill('Twee kaarten, in de studio geschreven.');
    await page.getByLabel('Voorkant van kaart 1 (Markdown)').fill('Wat is **Bildung**?');
    await page.getByLabel('Achterkant van kaart 1 (Markdown)').fill('De vorming van de hele persoon.');
    await page.getByRole('button', { name: 'Nieuwe kaart' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Voorkant van kaart 2 (Markdown)')).toBeFocused();
    await page.keyboard.type('Wie schreef Democracy and Education?');
    await page.getByLabel('Achterkant van kaart 2 (Markdown)').fill('John Dewey (1916).');
    await page.getByRole('button', { name: 'Kaart 2 omhoog' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Kaart 1 omlaag' })).toBeFocused();
    await expect(page.getByLabel('Voorkant van kaart 1 (Markdown)')).toHaveValue('Wie schreef Democracy and Education?');
    await expect(page.getByText('2 kaarten')).toBeVisible();

    // A picture in the first chapter, at her cursor: not without a description.
    const markdown = page.getByLabel('Tekst (Markdown)');
    await markdown.focus();
    await page.keyboard.press('Control+End');
    await page.locator('#chapter-editor').getByLabel('Afbeelding (png, jpg of webp)').setInputFiles({ name: 'schema.png', mimeType: 'image/png', buffer: await diagram() });
    const upload = page.getByRole('button', { name: 'Uploaden en invoegen' });
    await upload.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Beschrijf eerst wat er op de afbeelding staat.' })).toBeVisible();
    await expect(page.getByLabel('Beschrijving van de afbeelding (alt-tekst, verplicht)')).toBeFocused();
    await page.keyboard.type(ALT);
    await upload.click();
    await expect(markdown).toHaveValue(new RegExp(`!\\[${ALT}\\]\\(images/studio-[0-9a-f]{24}\\.webp\\)\\n*$`));
    await expect(markdown).toBeFocused();
    const chapterPreview = page.getByRole('region', { name: 'Voorbeeld zoals de student het leest' });
    // the last one: a retry finds the picture of the attempt before it in the saved draft too
    const picture = chapterPreview.getByRole('img', { name: ALT }).last();
    // the reader's pictures load lazily: in view, it loads. Scrolled to and read in one step, again
    // until it has loaded: the preview's answer may replace the element in between.
    await expect.poll(() => picture.evaluate(inViewLoadedWidth)).toBe(480);
    await expect(picture).toBeVisible();

    // A picture for a question too: the question describes it, so no alt text is asked.
    const question = page.getByRole('group', { name: 'Vraag 1', exact: true });
    await question.locator('summary').filter({ hasText: 'Afbeelding bij vraag 1 uploaden' }).focus();
    await page.keyboard.press('Enter');
    await question.getByLabel('Afbeelding (png, jpg of webp)').setInputFiles({ name: 'vraag.png', mimeType: 'image/png', buffer: await diagram() });
    await question.getByRole('button', { name: 'Uploaden', exact: true }).click();
    await expect(question.getByText(/^Afbeelding bij de vraag: images\/studio-[0-9a-f]{24}\.webp/)).toBeVisible();
    await expect(page.getByText('Geen problemen gevonden.')).toBeVisible();

    // Preview as a student of the study: she finds the subject, with the new set and the picture.
    await choose(page, 'Universiteit', 'Universiteit Utrecht');
    await choose(page, 'Studie', 'Pedagogische Wetenschappen');
    await choose(page, 'Studiejaar', 'Bachelor 1');
    await page.getByRole('button', { name: 'Toon als student' }).click();
    const result = page.locator('#student-preview-result');
    await expect(result).toBeFocused();
    await expect(result.getByText(/vindt dit vak in haar bibliotheek/)).toBeVisible();
    const set = result.getByRole('article', { name: setTitle });
    await expect(set.getByRole('listitem')).toHaveCount(2);
    await expect(set.getByRole('listitem', { name: 'Kaart 1' })).toContainText('John Dewey (1916).');
    await expect(set.getByRole('listitem', { name: 'Kaart 2' }).locator('strong')).toHaveText('Bildung');
    // the chapters are folded; she opens the first one
    await result.locator('summary').filter({ hasText: 'Wat is pedagogiek?' }).focus();
    await page.keyboard.press('Enter');
    const shown = result.getByRole('region', { name: 'Tekst van Wat is pedagogiek?' }).getByRole('img', { name: ALT }).last();
    await expect.poll(() => shown.evaluate(inViewLoadedWidth)).toBe(480);
    // nothing in the editor or the preview (wide tables included) makes the page wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'studio-authoring-preview-phone', testInfo);
    await expectNoAxeViolations(page, 'studio, flashcards, picture and preview as a student');

    // Another study year does not find the subject.
    await choose(page, 'Studiejaar', 'Bachelor 2');
    await page.getByRole('button', { name: 'Toon als student' }).click();
    await expect(result.getByText(/ziet dit vak niet/)).toBeVisible();

    // Saved, the draft reads back card for card.
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(page.getByText('Concept opgeslagen.')).toBeVisible();
    await page.reload();
    await page.getByLabel('Flashcardset om te bewerken').selectOption({ label: setTitle });
    await expect(page.getByLabel('Voorkant van kaart 1 (Markdown)')).toHaveValue('Wie schreef Democracy and Education?');
    await expect(page.getByLabel('Voorkant van kaart 2 (Markdown)')).toHaveValue('Wat is **Bildung**?');
    await expect(page.getByLabel('Tekst (Markdown)')).toHaveValue(new RegExp(`!\\[${ALT}\\]`));

    // An imported card's picture is named, and can be taken off by keyboard.
    await page.getByLabel('Flashcardset om te bewerken').selectOption({ label: 'Flashcards H3: opvoeding in context' });
    await expect(page.getByText('Afbeelding op de achterkant: images/bronfenbrenner.svg')).toBeVisible();
    await page.getByRole('button', { name: 'Afbeelding van achterkant kaart 1 verwijderen' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Afbeelding op de achterkant: images/bronfenbrenner.svg')).toHaveCount(0);
  });
});
