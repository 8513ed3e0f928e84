import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect as baseExpect, expectNoAxeViolations, saveScreenshot, signIn, test } from '../../fixtures.ts';

const expect = baseExpect.configure({ timeout: 20_000 });

/** The date `days` from today in the browser's time zone (the config's Europe/Amsterdam), YYYY-MM-DD. */
function dateIn(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A write of hers through the API with the page's own access token (setting up her material, not what the journey is about). */
async function write(page: Page, url: string, data: unknown): Promise<{ id?: string; course?: { id: string } }> {
  const token = (await page.context().cookies()).find((c) => c.name === 'access_token')!.value;
  const res = await page.request.post(url, { headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() }, data });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

const QUESTIONS = ['Welke maat is gevoelig voor uitschieters?', 'Welke maat is de middelste waarde?', 'Welke maat komt het vaakst voor?', 'Welke maat meet de spreiding?'];
const RIGHT = ['Gemiddelde', 'Mediaan', 'Modus', 'Standaardafwijking'];

// Issue 41, decision 049: where she stands in her own course, from her own graded answers, on its
// page and in Vandaag; her course's exam plan with minutes of its own. One keyboard, 390 x 844, axe.
test('she sees "nog niet getoetst", plans her own minutes, answers her questions right and sees her expected grade rise', async ({ page, api }, testInfo) => {
  test.setTimeout(180_000);
  await signIn(page, await api.createUser());
  const made = await write(page, '/api/courses', { name: 'Statistiek', examDate: dateIn(14) });
  const courseId = made.course!.id;
  for (const [i, prompt] of QUESTIONS.entries()) {
    const answers = RIGHT.map((text) => ({ text, correct: text === RIGHT[i] }));
    await write(page, `/api/courses/${courseId}/questions`, { type: 'SELECT', prompt, key: { answers } });
  }

  await page.goto(`/bibliotheek/eigen-vak/${courseId}`);
  const where = page.getByRole('region', { name: 'Waar sta je' });
  await expect(where.getByTestId('course-expected-grade')).toHaveText(/^Verwacht cijfer: nog niet getoetst\./);
  const progress = page.getByRole('region', { name: 'Voortgang' });
  await expect(progress.getByText('0 van 4 goed bij je laatste antwoord')).toBeVisible();
  await expect(progress.getByRole('table', { name: 'Je vragen' }).getByRole('row', { name: 'Nog niet beantwoord 4' })).toBeVisible();
  await expectNoAxeViolations(page, 'her course before any answer');

  // her course's own minutes per day on its exam plan, by keyboard
  const exam = page.getByRole('region', { name: 'Tentamen en studietijd' });
  await expect(exam.getByText('Dit vak deelt je studietijd met je andere vakken.')).toBeVisible();
  await exam.getByLabel('Minuten per dag voor dit vak').focus();
  await page.keyboard.type('45');
  // the study days are checkboxes in the tab order: Space ticks one, and again unticks it
  await exam.getByRole('checkbox', { name: 'maandag' }).focus();
  await page.keyboard.press('Space');
  await expect(exam.getByRole('checkbox', { name: 'maandag' })).toBeChecked();
  await page.keyboard.press('Space');
  await expect(exam.getByRole('checkbox', { name: 'maandag' })).not.toBeChecked();
  await exam.getByRole('button', { name: 'Tentamenplan opslaan' }).focus();
  await page.keyboard.press('Enter');
  await expect(exam.getByText('45 minuten per dag voor dit vak')).toBeVisible();
  await saveScreenshot(page, 'course-standing-untested', testInfo);

  // she practises her questions and knows them all
  const mine = page.getByRole('region', { name: 'Mijn vragen' });
  await mine.getByRole('link', { name: 'Oefen mijn vragen' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Oefen mijn vragen' })).toBeVisible();
  for (let i = 0; i < QUESTIONS.length; i++) {
    // the practice shows her questions in its own order: she answers the one on screen
    const prompt = page.getByText(/^Welke maat .*\?$/).first();
    await expect(prompt).toBeVisible();
    const text = (await prompt.textContent())!.trim();
    await page.getByRole('button', { name: new RegExp(RIGHT[QUESTIONS.indexOf(text)]!) }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Goed!' })).toBeFocused();
    await page.getByRole('button', { name: i < QUESTIONS.length - 1 ? 'Volgende vraag' : 'Bekijk je uitslag' }).focus();
    await page.keyboard.press('Enter');
  }
  await expect(page.getByText('Je had 4 van de 4 vragen goed.')).toBeVisible();
  await page.getByRole('link', { name: 'Terug naar het vak' }).focus();
  await page.keyboard.press('Enter');

  // on her course's page: an expected grade from her own answers, and her Voortgang
  await expect(where.getByTestId('course-expected-grade')).toHaveText(/^Verwacht cijfer \d+,\d \(\d+,\d-\d+,\d\)$/);
  const grade = Number((await where.getByTestId('course-expected-grade').textContent())!.match(/Verwacht cijfer (\d+,\d)/)![1]!.replace(',', '.'));
  expect(grade).toBeGreaterThanOrEqual(6);
  await expect(where.getByRole('progressbar', { name: 'Kans op een goed antwoord op een tentamenvraag' })).toBeVisible();
  await expect(progress.getByText('4 van 4 goed bij je laatste antwoord')).toBeVisible();
  await expect(progress.getByRole('table', { name: 'Je vragen' }).getByRole('row', { name: 'Goed 4' })).toBeVisible();
  await where.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'course-standing', testInfo);
  await progress.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('course-standing-progress-view.png'), animations: 'disabled' });
  await expectNoAxeViolations(page, 'her course with where she stands');

  // Vandaag: her course with its expected grade, as Blok's subjects have theirs
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Home' }).focus();
  await page.keyboard.press('Enter');
  const course = page.getByRole('region', { name: 'Vandaag' }).getByRole('article', { name: 'Statistiek' });
  await expect(course.getByTestId('today-expected-grade')).toHaveText(new RegExp(`^Verwacht cijfer ${grade.toFixed(1).replace('.', ',')} \\(`));
  await expect(course.getByText(/Eigen vak ·/)).toBeVisible();
  await course.evaluate((article) => article.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: testInfo.outputPath('course-standing-home-view.png'), animations: 'disabled' });
  await expectNoAxeViolations(page, 'Home with her course’s expected grade');
});
