import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signIn } from '../../../lib/auth/session.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { failQueriesAtOnce, mockApi, renderApp } from '../../../testing/test-utils.tsx';

type MockRoute = Parameters<typeof mockApi>[0][number];
import { testTokens } from '../../../testing/fixtures.ts';
import { COURSE_ID, FILE_ID, makeCourse, makeDetail, makeFile, makeStanding } from '../test-data.ts';

/** Her card sets in the course (own-cards, put on the page by the route): none. */
const noSets: MockRoute = { path: 'own-flashcard-sets', body: { sets: [], limits: { sets: 200, cardsPerSet: 1000, cards: 10000, cardCount: 0 } } };
/** Her own questions in the course (course-questions, put on the page by the route): none. */
const noQuestions: MockRoute = { path: `courses/${COURSE_ID}/questions`, body: { questions: [] } };

/** Where she stands in the course (decision 049), unless a test gives its own. */
const standing: MockRoute = { path: `courses/${COURSE_ID}/standing`, body: makeStanding() };

async function signedIn(routes: Parameters<typeof mockApi>[0]) {
  await signIn(testTokens);
  const deviceid = getDeviceId();
  return mockApi([...routes, noSets, noQuestions, standing].map((r) => ({ ...r, headers: { deviceid, ...r.headers } })));
}

const path = `/bibliotheek/eigen-vak/${COURSE_ID}`;

describe('her own course (Eigen vak)', () => {
  it('shows the course with its files, each to read or delete, and her limits', async () => {
    await signedIn([{ path: `courses/${COURSE_ID}`, body: makeDetail({ files: [makeFile({ pagesRead: 12 })] }) }]);
    await renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sociale psychologie' })).toBeInTheDocument();
    expect(screen.getByText('PSY1023 · Periode 2')).toBeInTheDocument();
    expect(screen.getByText('Nog geen tentamendatum.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Hoorcollege 1.pdf' })).toBeInTheDocument();
    // the pages she read (issue 41)
    expect(screen.getByText("12 van 42 pagina's gelezen")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lees Hoorcollege 1.pdf' })).toHaveAttribute('href', `/bibliotheek/eigen-vak/${COURSE_ID}/pdf/${FILE_ID}`);
    expect(screen.getByText("Een pdf van hoogstens 50 MB; aantal pagina's hoogstens 1.000. Je gebruikt 3 MB van 150 MB.")).toBeInTheDocument();
  });

  it('says when it has no files yet, and when the course is not hers or gone', async () => {
    await signedIn([{ path: `courses/${COURSE_ID}`, body: makeDetail({ files: [] }) }]);
    const app = await renderApp(path);
    expect(await screen.findByText("Nog geen pdf's. Upload je dia's, aantekeningen of reader.")).toBeInTheDocument();
    // her card sets in the course, with a new one a step away
    expect(await screen.findByText(/Nog geen kaartensets in dit vak/)).toBeInTheDocument();
    expect(screen.getByLabelText('Naam van een nieuwe set in dit vak')).toBeInTheDocument();
    // her own questions in the course (course-questions), with a new one a step away
    expect(await screen.findByText('Je hebt nog geen eigen vragen bij dit vak.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vraag toevoegen' })).toHaveAttribute('href', `/bibliotheek/eigen-vak/${COURSE_ID}/vragen/nieuw`);
    app.unmount();

    failQueriesAtOnce();
    await signedIn([{ path: `courses/${COURSE_ID}`, status: 404, body: { error: 'not_found', error_description: 'Dit vak bestaat niet.' } }]);
    await renderApp(path);
    expect(await screen.findByRole('alert')).toHaveTextContent('Dit vak bestaat niet (meer).');
  });

  it('saves her exam date and uploads a PDF, showing the Dutch reason when it is refused', async () => {
    const spy = await signedIn([
      { path: `courses/${COURSE_ID}`, body: makeDetail({ files: [] }) },
      { method: 'PUT', path: `courses/${COURSE_ID}`, body: makeDetail({ files: [], course: makeCourse({ examDate: '2031-01-20' }) }) },
      { method: 'POST', path: `courses/${COURSE_ID}/files`, status: 415, body: { error: 'pdf_not_a_pdf', error_description: 'Dit bestand is geen pdf.' } },
    ]);
    await renderApp(path);
    const user = userEvent.setup();
    const date = await screen.findByLabelText('Tentamendatum');
    await user.type(date, '2031-01-20');
    await user.click(screen.getByRole('button', { name: 'Tentamenplan opslaan' }));
    expect(await screen.findByText('Tentamen op 20 januari 2031')).toBeInTheDocument();
    const put = spy.mock.calls.find(([, init]) => init?.method === 'PUT');
    // no minutes or days of its own: it shares her day's time, as before
    expect(JSON.parse(String(put![1]!.body))).toEqual({ examDate: '2031-01-20', minutesPerDay: null, studyDays: null });
    expect(new Headers(put![1]!.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);

    await user.upload(screen.getByLabelText('Pdf uploaden'), new File(['<html>'], 'notities.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dit bestand is geen pdf.');
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post![0])).toContain(`courses/${COURSE_ID}/files?name=notities.pdf`);
    expect(post![1]!.body).toBeInstanceOf(File);
  });

  it('tells her the file is kept and loads the course again', async () => {
    const spy = await signedIn([
      { path: `courses/${COURSE_ID}`, body: makeDetail({ files: [] }) },
      { method: 'POST', path: `courses/${COURSE_ID}/files`, status: 201, body: makeFile({ name: 'Week 2.pdf', pages: 3 }) },
    ]);
    await renderApp(path);
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Pdf uploaden'), new File(['%PDF-1.7'], 'Week 2.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(screen.getByText('Week 2.pdf is toegevoegd.')).toBeInTheDocument());
    const reads = () => spy.mock.calls.filter(([url, init]) => String(url).endsWith(`courses/${COURSE_ID}`) && (init?.method ?? 'GET') === 'GET').length;
    await waitFor(() => expect(reads()).toBe(2));
  });

  it('shows where she stands and her Voortgang in the course', async () => {
    await signedIn([{ path: `courses/${COURSE_ID}`, body: makeDetail() }]);
    await renderApp(path);
    const where = await screen.findByRole('region', { name: 'Waar sta je' });
    expect(within(where).getByText('Verwacht cijfer 5,8 (4,1-7,4)')).toBeInTheDocument();
    expect(within(where).getByText('Kans op een goed antwoord op een tentamenvraag: 58%')).toBeInTheDocument();
    expect(within(where).getByRole('progressbar', { name: 'Kans op een goed antwoord op een tentamenvraag' })).toHaveAttribute('aria-valuenow', '58');
    expect(within(where).getByText('Je hebt 61% van je materiaal doorgewerkt.')).toBeInTheDocument();

    const progress = screen.getByRole('region', { name: 'Voortgang' });
    expect(within(progress).getByRole('progressbar', { name: "Pagina's gelezen" })).toHaveAttribute('aria-valuetext', "Pagina's gelezen: 12 van 42");
    expect(within(progress).getByText('5 van 8 goed bij je laatste antwoord')).toBeInTheDocument();
    const questions = within(progress).getByRole('table', { name: 'Je vragen' });
    expect(within(questions).getByRole('row', { name: 'Goed 5' })).toBeInTheDocument();
    expect(within(questions).getByRole('row', { name: 'Deels goed 1' })).toBeInTheDocument();
    expect(within(questions).getByRole('row', { name: 'Fout 1' })).toBeInTheDocument();
    expect(within(questions).getByRole('row', { name: 'Nog niet beantwoord 1' })).toBeInTheDocument();
    const cards = within(progress).getByRole('table', { name: 'Je kaarten' });
    expect(within(cards).getByRole('row', { name: 'Waarvan getypt en nagekeken 3' })).toBeInTheDocument();
    expect(within(progress).getByText('4 van 6 gekend')).toBeInTheDocument();
  });

  it('says "nog niet getoetst" without a graded answer, and that little worked through holds the grade down', async () => {
    await signedIn([
      { path: `courses/${COURSE_ID}`, body: makeDetail() },
      { path: `courses/${COURSE_ID}/standing`, body: makeStanding({ readiness: null, expectedGrade: null, gradedAnswers: 0, coverage: 10 }) },
    ]);
    const app = await renderApp(path);
    const where = await screen.findByRole('region', { name: 'Waar sta je' });
    expect(within(where).getByTestId('course-expected-grade')).toHaveTextContent(/^Verwacht cijfer: nog niet getoetst\.$/);
    expect(within(where).queryByRole('progressbar')).not.toBeInTheDocument();
    app.unmount();

    await signedIn([
      { path: `courses/${COURSE_ID}`, body: makeDetail() },
      { path: `courses/${COURSE_ID}/standing`, body: makeStanding({ readiness: 54, expectedGrade: { grade: 5.4, low: 3.1, high: 8.2 }, coverage: 30 }) },
    ]);
    await renderApp(path);
    expect(await screen.findByText('Je hebt 30% van je materiaal doorgewerkt. Tot je de helft hebt gedaan, blijft je verwachte cijfer onder de 5,5.')).toBeInTheDocument();
  });

  it('saves minutes per day and study days of the course on its exam plan', async () => {
    const spy = await signedIn([
      { path: `courses/${COURSE_ID}`, body: makeDetail({ course: makeCourse({ examDate: '2031-01-20' }) }) },
      { method: 'PUT', path: `courses/${COURSE_ID}`, body: makeDetail({ course: makeCourse({ examDate: '2031-01-20', minutesPerDay: 45, studyDays: [1, 3] }) }) },
    ]);
    await renderApp(path);
    const user = userEvent.setup();
    expect(await screen.findByText('Dit vak deelt je studietijd met je andere vakken.')).toBeInTheDocument();
    const minutes = screen.getByLabelText('Minuten per dag voor dit vak');
    // outside 5-600: said at the field, nothing sent
    await user.type(minutes, '2');
    await user.click(screen.getByRole('button', { name: 'Tentamenplan opslaan' }));
    expect(await screen.findByText('Vul een aantal minuten tussen 5 en 600 in.')).toBeInTheDocument();
    expect(spy.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await user.clear(minutes);
    await user.type(minutes, '45');
    await user.click(screen.getByRole('checkbox', { name: 'woensdag' }));
    await user.click(screen.getByRole('checkbox', { name: 'maandag' }));
    await user.click(screen.getByRole('button', { name: 'Tentamenplan opslaan' }));
    expect(await screen.findByText('45 minuten per dag voor dit vak')).toBeInTheDocument();
    expect(screen.getByText('Studiedagen: ma, wo')).toBeInTheDocument();
    const put = spy.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put![1]!.body))).toEqual({ examDate: '2031-01-20', minutesPerDay: 45, studyDays: [1, 3] });
  });
});
