import { expect as baseExpect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';
import { addCourseByKeyboard } from './printed-pdf.ts';

const expect = baseExpect.configure({ timeout: 20_000 });

// Issue 41: in her own course she writes her own practice questions with the studio's editors and
// practises them, graded on the server as Blok's questions are. One keyboard only.
test('she writes a multiple-choice and a numeric question in her course and practises both, by keyboard', async ({ page, api }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, await api.createUser());

  // a course of her own, one step from the library
  await addCourseByKeyboard(page, 'Statistiek');
  const mine = page.getByRole('region', { name: 'Mijn vragen' });
  await expect(mine.getByText('Je hebt nog geen eigen vragen bij dit vak.')).toBeVisible();

  // a multiple-choice question: two answers, the second right
  await mine.getByRole('link', { name: 'Vraag toevoegen' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe vraag' })).toBeFocused();
  await page.getByLabel('Vraag', { exact: true }).focus();
  await page.keyboard.type('Welke maat is gevoelig voor uitschieters?');
  await page.getByLabel('Antwoord A', { exact: true }).focus();
  await page.keyboard.type('Mediaan');
  // past the radio of A to B's answer
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Antwoord B', { exact: true })).toBeFocused();
  await page.keyboard.type('Gemiddelde');
  await page.getByRole('radio', { name: 'Antwoord B is goed' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: 'Antwoord B is goed' })).toBeChecked();
  await page.getByLabel('Toelichting').focus();
  await page.keyboard.type('Het gemiddelde telt elke waarde mee, ook een uitschieter.');
  await expectNoAxeViolations(page, 'her multiple-choice question');
  await page.getByRole('button', { name: 'Opslaan' }).focus();
  await page.keyboard.press('Enter');
  await expect(mine.getByRole('listitem')).toHaveCount(1);

  // a numeric question with the studio's key form: the value written the Dutch way
  await mine.getByRole('link', { name: 'Vraag toevoegen' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('radio', { name: 'Getal' }).focus();
  await page.keyboard.press('Space');
  await page.getByLabel('Vraag', { exact: true }).focus();
  await page.keyboard.type('Hoe groot is de kans op twee keer kop met een eerlijke munt?');
  await page.getByLabel('Juiste waarde').focus();
  await page.keyboard.type('0,25');
  // the studio's try-out grades her key as she writes it
  const tryOut = page.getByRole('region', { name: /probeer een antwoord/ });
  await tryOut.getByLabel('Jouw antwoord').focus();
  await page.keyboard.type('0,25');
  await expect(tryOut.getByRole('status')).toHaveText(/Goed/);
  await saveScreenshot(page, 'course-questions-editor', testInfo);
  await expectNoAxeViolations(page, 'her numeric question');
  await page.getByRole('button', { name: 'Opslaan' }).focus();
  await page.keyboard.press('Enter');
  await expect(mine.getByRole('listitem')).toHaveCount(2);
  await expect(mine.getByText('Nog niet geoefend')).toHaveCount(2);
  await expectNoAxeViolations(page, 'course page with her questions');

  // practise both: the choice wrong, the number right with a Dutch comma
  await mine.getByRole('link', { name: 'Oefen mijn vragen' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Oefen mijn vragen' })).toBeVisible();
  await expect(page.getByText('Welke maat is gevoelig voor uitschieters?')).toBeVisible();
  await page.getByRole('button', { name: /Mediaan/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Fout' })).toBeFocused();
  await expect(page.getByText('Het goede antwoord: Gemiddelde')).toBeVisible();
  await expect(page.getByText('Het gemiddelde telt elke waarde mee, ook een uitschieter.')).toBeVisible();
  await saveScreenshot(page, 'course-questions-practice-wrong', testInfo);
  await expectNoAxeViolations(page, 'practice: wrong');

  await page.getByRole('button', { name: 'Volgende vraag' }).focus();
  await page.keyboard.press('Enter');
  await page.getByLabel('Jouw antwoord').focus();
  await page.keyboard.type('0,25');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Goed!' })).toBeFocused();
  await expect(page.getByText('Juiste antwoord: 0,25')).toBeVisible();
  await saveScreenshot(page, 'course-questions-practice', testInfo);
  await expectNoAxeViolations(page, 'practice: right');

  await page.getByRole('button', { name: 'Bekijk je uitslag' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Je had 1 van de 2 vragen goed.')).toBeVisible();

  // her latest verdicts on the course's page
  await page.getByRole('link', { name: 'Terug naar het vak' }).focus();
  await page.keyboard.press('Enter');
  await expect(mine.getByText('Laatst fout')).toBeVisible();
  await expect(mine.getByText('Laatst goed')).toBeVisible();
  await mine.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'course-questions-course', testInfo);
});

// Her questions from her notes, pasted as text: what Blok read shown while she pastes, the readable
// ones added at once, the one with a problem left to fix, then practised. One keyboard only.
test('she pastes her questions as text, fixes the one Blok could not read and practises them', async ({ page, api }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, await api.createUser());
  await addCourseByKeyboard(page, 'Biologie');
  const mine = page.getByRole('region', { name: 'Mijn vragen' });
  await mine.getByRole('link', { name: 'Plak vragen als tekst' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Plak je vragen' })).toBeFocused();

  const box = page.getByLabel('Je vragen als tekst');
  await box.focus();
  await page.keyboard.insertText(
    [
      '1. Waar vindt de fotosynthese plaats?',
      'a) Mitochondrion',
      'b) Bladgroenkorrel *',
      'c) Celkern',
      '',
      '2. Hoeveel chromosomen heeft een menselijke cel?',
      'Antwoord: 46',
      '',
      '3. Zet de fasen van de mitose op volgorde.',
      'Volgorde:',
      '- profase',
      '- metafase',
      '- anafase',
      '- telofase',
      '',
      '4. Welke base komt niet in DNA voor?',
      'a) Uracil',
      'b) Adenine',
    ].join('\n'),
  );
  await expect(page.getByText(/^3 vragen herkend\./)).toBeVisible();
  await expect(page.getByText(/Vraag 4 \(“Welke base komt niet in DNA voor\?”\): Er is geen goed antwoord gemarkeerd/)).toBeVisible();
  await saveScreenshot(page, 'course-questions-paste', testInfo);
  await expectNoAxeViolations(page, 'her questions pasted as text');

  await page.getByRole('button', { name: 'Voeg 3 vragen toe' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/3 vragen toegevoegd\. De vragen met een probleem staan nog in het tekstvak\./)).toBeVisible();
  await expect(box).toHaveValue('4. Welke base komt niet in DNA voor?\na) Uracil\nb) Adenine');

  // she marks the right one and adds it too
  await box.focus();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('End');
  await page.keyboard.type(' *');
  await expect(page.getByText(/^1 vraag herkend\./)).toBeVisible();
  await page.getByRole('button', { name: 'Voeg 1 vraag toe' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('1 vraag toegevoegd.')).toBeVisible();

  await page.getByRole('link', { name: 'Terug naar het vak' }).focus();
  await page.keyboard.press('Enter');
  await expect(mine.getByRole('listitem')).toHaveCount(4);
  await expect(mine.getByText('Volgorde', { exact: true })).toBeVisible();

  // practised: the pasted numeric question graded on the server
  await mine.getByRole('link', { name: 'Oefen mijn vragen' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Oefen mijn vragen' })).toBeVisible();
  await expect(page.getByText('Waar vindt de fotosynthese plaats?')).toBeVisible();
  await page.getByRole('button', { name: /Bladgroenkorrel/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Goed!' })).toBeVisible();
  await page.getByRole('button', { name: 'Volgende vraag' }).focus();
  await page.keyboard.press('Enter');
  await page.getByLabel('Jouw antwoord').focus();
  await page.keyboard.type('46');
  await page.getByRole('button', { name: 'Controleer' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Goed!' })).toBeVisible();
});
