import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CourseQuestionVerdict } from '@blok/contract/course-questions';
import { signIn } from '../../../lib/auth/session.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { mockApi, renderApp } from '../../../testing/test-utils.tsx';
import { testTokens } from '../../../testing/fixtures.ts';
import { CHOICE_ID, COURSE_ID, NUMERIC_ID, makeNumeric, makeQuestion } from '../test-data.ts';

type Routes = Parameters<typeof mockApi>[0];

async function signedIn(routes: Routes) {
  await signIn(testTokens);
  const deviceid = getDeviceId();
  return mockApi(routes.map((r) => ({ ...r, headers: { deviceid, ...r.headers } })));
}

const base = `courses/${COURSE_ID}/questions`;
const verdict = (over: Partial<CourseQuestionVerdict>): CourseQuestionVerdict => ({
  status: 1,
  result: 'right',
  typo: false,
  explanation: '',
  expected: { text: null, choice: null, order: [], pairs: [] },
  question: makeQuestion(),
  ...over,
});
const bodyOf = (spy: Awaited<ReturnType<typeof signedIn>>, path: string) => {
  const call = spy.mock.calls.find(([url, init]) => String(url).endsWith(path) && init?.method === 'POST');
  return JSON.parse(String(call?.[1]?.body)) as unknown;
};

describe('practising her own questions', () => {
  it('grades each on the server and shows right, wrong, the right answer and her explanation', async () => {
    const spy = await signedIn([
      { path: base, body: { questions: [makeQuestion(), makeNumeric()] } },
      {
        method: 'POST',
        path: `${base}/${CHOICE_ID}/answer`,
        body: verdict({ status: 0, result: 'wrong', explanation: 'Het gemiddelde telt elke waarde mee.', expected: { text: null, choice: 'a2', order: [], pairs: [] } }),
      },
      { method: 'POST', path: `${base}/${NUMERIC_ID}/answer`, body: verdict({ expected: { text: '0,25', choice: null, order: [], pairs: [] }, question: makeNumeric({ lastStatus: 1 }) }) },
    ]);
    await renderApp(`/bibliotheek/eigen-vak/${COURSE_ID}/oefenen`);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Oefen mijn vragen' })).toBeInTheDocument();
    expect(screen.getByText('Welke maat is gevoelig voor uitschieters?')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Mediaan/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Fout' })).toHaveFocus();
    expect(bodyOf(spy, `${CHOICE_ID}/answer`)).toEqual({ choice: 'a1' });
    expect(screen.getByText('Het goede antwoord: Gemiddelde')).toBeInTheDocument();
    expect(screen.getByText('Het gemiddelde telt elke waarde mee.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Mediaan/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Volgende vraag' }));
    const field = await screen.findByLabelText('Jouw antwoord');
    // a number the app cannot read is asked again, never sent
    await user.type(field, 'een kwart');
    await user.click(screen.getByRole('button', { name: 'Controleer' }));
    expect(spy.mock.calls.some(([url]) => String(url).endsWith(`${NUMERIC_ID}/answer`))).toBe(false);
    await user.clear(field);
    await user.type(field, '0,25');
    await user.click(screen.getByRole('button', { name: 'Controleer' }));
    const feedback = await screen.findByRole('heading', { level: 2, name: 'Goed!' });
    expect(bodyOf(spy, `${NUMERIC_ID}/answer`)).toEqual({ textAnswer: '0,25' });
    expect(within(feedback.closest('section')!).getByText('Juiste antwoord: 0,25')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Bekijk je uitslag' }));
    expect(await screen.findByText('Je had 1 van de 2 vragen goed.')).toBeInTheDocument();
  });
});

describe('writing her own question', () => {
  it("sends a numeric key as the content format's fields and shows the server's problem at its field", async () => {
    const spy = await signedIn([
      { path: base, body: { questions: [] } },
      { method: 'POST', path: base, status: 400, body: { error: 'question_key_invalid', error_description: 'Het antwoord van deze vraag klopt nog niet: De marge is niet negatief.', fields: [{ field: 'key.tolerance', message: 'De marge is niet negatief.' }] } },
    ]);
    await renderApp(`/bibliotheek/eigen-vak/${COURSE_ID}/vragen/nieuw`);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Nieuwe vraag' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Getal' }));
    await user.type(screen.getByLabelText('Vraag'), 'Hoe groot is de kans?');
    await user.type(await screen.findByLabelText('Juiste waarde'), '0,25');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('De marge is niet negatief.');
    expect(bodyOf(spy, base)).toEqual({ type: 'NUMERIC', prompt: 'Hoe groot is de kans?', key: { value: 0.25 }, explanation: '' });
  });

  it('writes a multiple-choice question with one right answer', async () => {
    const spy = await signedIn([
      { path: base, body: { questions: [] } },
      { method: 'POST', path: base, status: 201, body: makeQuestion() },
      { path: `courses/${COURSE_ID}`, status: 404, body: { error: 'not_found', error_description: '' } },
    ]);
    await renderApp(`/bibliotheek/eigen-vak/${COURSE_ID}/vragen/nieuw`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Vraag'), 'Welke maat?');
    await user.type(screen.getByLabelText('Antwoord A'), 'Mediaan');
    await user.type(screen.getByLabelText('Antwoord B'), 'Gemiddelde');
    await user.click(screen.getByRole('radio', { name: 'Antwoord B is goed' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await screen.findByText(/Dit vak bestaat niet/);
    expect(bodyOf(spy, base)).toEqual({ type: 'SELECT', prompt: 'Welke maat?', key: { answers: [{ text: 'Mediaan', correct: false }, { text: 'Gemiddelde', correct: true }] }, explanation: '' });
  });
});

const detail = {
  course: { id: COURSE_ID, name: 'Statistiek', code: '', period: '', examDate: null, minutesPerDay: null, studyDays: [], fileCount: 0, createdAt: '2031-01-01T10:00:00.000Z' },
  files: [],
  limits: { courses: 1, courseCount: 1, storageBytes: 150 * 1024 * 1024, usedBytes: 0, fileBytes: 50 * 1024 * 1024, filePages: 1000, premium: false },
};

describe('her questions on the course page', () => {
  it('lists them with their type and latest verdict, and deletes one', async () => {
    const spy = await signedIn([
      { path: `courses/${COURSE_ID}`, body: detail },
      { path: 'own-flashcard-sets', body: { sets: [], limits: { sets: 200, cardsPerSet: 1000, cards: 10000, cardCount: 0 } } },
      { path: base, body: { questions: [makeQuestion({ lastStatus: 0 }), makeNumeric({ lastStatus: 1 })] } },
      { method: 'DELETE', path: `${base}/${CHOICE_ID}`, status: 204 },
    ]);
    await renderApp(`/bibliotheek/eigen-vak/${COURSE_ID}`);
    const user = userEvent.setup();
    const mine = await screen.findByRole('region', { name: 'Mijn vragen' });
    const items = await within(mine).findAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([expect.stringContaining('MeerkeuzeLaatst fout'), expect.stringContaining('GetalLaatst goed')]);
    expect(within(mine).getByRole('link', { name: 'Oefen mijn vragen' })).toHaveAttribute('href', `/bibliotheek/eigen-vak/${COURSE_ID}/oefenen`);
    expect(within(mine).getByRole('link', { name: 'Bewerk vraag: Hoe groot is de kans op twee keer kop?' })).toHaveAttribute('href', `/bibliotheek/eigen-vak/${COURSE_ID}/vragen/${NUMERIC_ID}`);
    await user.click(within(mine).getByRole('button', { name: 'Verwijder vraag: Welke maat is gevoelig voor uitschieters?' }));
    await waitFor(() => expect(spy.mock.calls.some(([url, init]) => String(url).endsWith(`${base}/${CHOICE_ID}`) && init?.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('Vraag verwijderd.')).toBeInTheDocument();
  });
});

describe('changing her question', () => {
  it('opens it with its key in the form and sends the change', async () => {
    const spy = await signedIn([
      { path: base, body: { questions: [makeQuestion(), makeNumeric()] } },
      { method: 'PUT', path: `${base}/${NUMERIC_ID}`, body: makeNumeric() },
    ]);
    await renderApp(`/bibliotheek/eigen-vak/${COURSE_ID}/vragen/${NUMERIC_ID}`);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Vraag bewerken' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Getal' })).toBeChecked();
    const value = screen.getByLabelText('Juiste waarde');
    expect(value).toHaveValue('0,25');
    await user.clear(value);
    await user.type(value, '0,5');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(spy.mock.calls.some(([url, init]) => String(url).endsWith(`${base}/${NUMERIC_ID}`) && init?.method === 'PUT')).toBe(true));
    const put = spy.mock.calls.find(([url, init]) => String(url).endsWith(`${base}/${NUMERIC_ID}`) && init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ type: 'NUMERIC', prompt: makeNumeric().prompt, explanation: makeNumeric().explanation, key: { value: 0.5 } });
  });
});

describe('pasting her questions as text', () => {
  it('shows what it read while she pastes, adds the readable ones in one call and keeps the rest to fix', async () => {
    const spy = await signedIn([
      { path: base, body: { questions: [] } },
      { method: 'POST', path: `${base}/batch`, status: 201, body: { questions: [makeQuestion(), makeNumeric()] } },
    ]);
    await renderApp(`/bibliotheek/eigen-vak/${COURSE_ID}/vragen/plakken`);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Plak je vragen' })).toHaveFocus();
    const add = screen.getByRole('button', { name: 'Voeg 0 vragen toe' });
    expect(add).toBeDisabled();

    const box = screen.getByLabelText('Je vragen als tekst');
    await user.click(box);
    await user.paste('1. Welke maat?\na) Mediaan\nb) Gemiddelde *\n\n2. Kans op twee keer kop?\nAntwoord: 0,25\n\n3. Wie?\na) Pearson\nb) Fisher');
    expect(await screen.findByText(/2 vragen herkend/)).toBeInTheDocument();
    expect(screen.getByText(/1 vraag heeft nog een probleem/)).toBeInTheDocument();
    expect(screen.getByText(/Vraag 3 \(“Wie\?”\): Er is geen goed antwoord gemarkeerd/)).toBeInTheDocument();
    expect(screen.getByText('Meerkeuze')).toBeInTheDocument();
    expect(screen.getByText('Getal')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Voeg 2 vragen toe' }));
    expect(await screen.findByText(/2 vragen toegevoegd\. De vragen met een probleem staan nog in het tekstvak\./)).toBeInTheDocument();
    expect(bodyOf(spy, `${base}/batch`)).toEqual({
      questions: [
        { type: 'SELECT', prompt: 'Welke maat?', key: { answers: [{ text: 'Mediaan', correct: false }, { text: 'Gemiddelde', correct: true }] }, explanation: '' },
        { type: 'NUMERIC', prompt: 'Kans op twee keer kop?', key: { value: 0.25, tolerance: 0, relative: false, unitAliases: [] }, explanation: '' },
      ],
    });
    expect(box).toHaveValue('3. Wie?\na) Pearson\nb) Fisher');
    expect(screen.getByRole('link', { name: 'Oefen mijn vragen' })).toHaveAttribute('href', `/bibliotheek/eigen-vak/${COURSE_ID}/oefenen`);
  });

  it("shows the server's Dutch reason when the course is full", async () => {
    await signedIn([
      { path: base, body: { questions: [] } },
      { method: 'POST', path: `${base}/batch`, status: 409, body: { error: 'limit_reached', error_description: 'Een vak heeft hoogstens 500 eigen vragen; er kunnen er nog 0 bij.' } },
    ]);
    await renderApp(`/bibliotheek/eigen-vak/${COURSE_ID}/vragen/plakken`);
    const user = userEvent.setup();
    await user.click(await screen.findByText('Zo schrijf je ze'));
    await user.click(screen.getByRole('button', { name: 'Gebruik dit voorbeeld' }));
    expect(await screen.findByText(/5 vragen herkend/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Voeg 5 vragen toe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Een vak heeft hoogstens 500 eigen vragen; er kunnen er nog 0 bij.');
    expect(screen.getByLabelText('Je vragen als tekst')).not.toHaveValue('');
  });
});
