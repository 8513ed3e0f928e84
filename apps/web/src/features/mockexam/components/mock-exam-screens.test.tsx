import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockExam, MockExamOverview, MockExamQuestion } from '@blok/contract/mockexam';
import { signIn } from '../../../lib/auth/session.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { failQueriesAtOnce, mockApi, renderApp } from '../../../testing/test-utils.tsx';
import { testTokens } from '../../../testing/fixtures.ts';

const EXAM_ID = '0190a000-0000-7000-8000-000000000002';

const overview = (over: Partial<MockExamOverview> = {}): MockExamOverview => ({
  subjectId: 'vak',
  subjectTitle: 'Testvak',
  availableQuestions: 30,
  openQuestions: 0,
  chapterCount: 3,
  sizes: [5, 10, 20],
  secondsPerQuestion: 90,
  exams: [],
  openExamId: null,
  dailyLimit: 5,
  startsLeftToday: 5,
  nextStartAt: null,
  ...over,
});

const question = (position: number, over: Partial<MockExamQuestion> = {}): MockExamQuestion => ({
  position,
  questionId: `q${position}`,
  chapterId: 'h1',
  type: 'SELECT',
  questionText: `Vraag over onderwerp ${position + 1}?`,
  pictureUrl: null,
  multipleAnswers: false,
  answers: ['een', 'twee'].map((text, i) => ({ id: `q${position}-a${i}`, answerText: `Antwoord ${text}`, isCorrect: null })),
  pickedAnswerIds: [],
  interaction: null,
  response: null,
  expected: null,
  textAnswer: null,
  status: null,
  changedSinceAnswer: false,
  feedbackText: null,
  modelAnswer: null,
  ...over,
});

const grade = (over: Partial<NonNullable<MockExam['result']>> = {}) => ({ correct: 1, partial: 0, wrong: 1, unanswered: 0, awaitingAssessment: 0, total: 2, score: 50, grade: 5.5, passed: true, ...over });

const openExam = (): MockExam => {
  const now = new Date();
  return {
    id: EXAM_ID,
    subjectId: 'vak',
    subjectTitle: 'Testvak',
    questionCount: 2,
    timeLimitSeconds: 180,
    startedAt: now.toISOString(),
    deadlineAt: new Date(now.getTime() + 180_000).toISOString(),
    serverNow: now.toISOString(),
    secondsLeft: 180,
    closed: false,
    finishedAt: null,
    answeredCount: 0,
    questions: [question(0), question(1)],
    result: null,
    chapters: [],
  };
};

const closedExam = (): MockExam => {
  const exam = openExam();
  // closed: the correct answers are known, with what she picked
  const answers = (right: number, picked: number) => ({
    answers: ['een', 'twee'].map((text, i) => ({ id: `a${i}`, answerText: `Antwoord ${text}`, isCorrect: i === right })),
    pickedAnswerIds: [`a${picked}`],
  });
  return {
    ...exam,
    closed: true,
    secondsLeft: 0,
    finishedAt: exam.startedAt,
    answeredCount: 2,
    questions: [question(0, { ...answers(0, 0), status: 1, feedbackText: 'Zo zit het.' }), question(1, { ...answers(1, 0), status: 0 })],
    result: grade(),
    chapters: [{ chapterId: 'h1', title: 'Wat is psychologie?', summaryId: 'sam', result: grade() }],
  };
};

async function signedIn(routes: Parameters<typeof mockApi>[0]) {
  await signIn(testTokens);
  const deviceid = getDeviceId();
  return mockApi(routes.map((r) => ({ ...r, headers: { deviceid, ...r.headers } })));
}

const notFound = (description: string) => ({ status: 404, body: { error: 'not_found', error_description: description } });

describe('a missing mock exam or subject', () => {
  it('says the exam does not exist and leads back to the subject\'s mock exams and the library', async () => {
    await signedIn([{ path: `mock-exams/${EXAM_ID}`, ...notFound('Dit proeftentamen bestaat niet.') }]);
    await renderApp(`/bibliotheek/proeftentamen/vak/${EXAM_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Dit proeftentamen bestaat niet (meer).');
    expect(screen.getByRole('heading', { level: 1, name: 'Proeftentamen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar de proeftentamens van dit vak' })).toHaveAttribute('href', '/bibliotheek/proeftentamen/vak');
    expect(screen.getByRole('link', { name: 'Naar de bibliotheek' })).toHaveAttribute('href', '/bibliotheek');
  });

  it('says an unknown subject does not exist on the start screen, with the library as the way on', async () => {
    await signedIn([{ path: 'mock-exams', ...notFound('Dit vak bestaat niet.') }]);
    await renderApp('/bibliotheek/proeftentamen/bestaat-niet');
    expect(await screen.findByRole('alert')).toHaveTextContent('Dit vak bestaat niet (meer). Kies een vak in je bibliotheek.');
    expect(screen.getByRole('link', { name: 'Naar de bibliotheek' })).toHaveAttribute('href', '/bibliotheek');
    expect(screen.queryByRole('button', { name: 'Start proeftentamen' })).toBeNull();
  });
});

describe('the mock exam start screen', () => {
  it('starts an exam of the size she picks and opens it; lists her earlier exams with their grades', async () => {
    const earlier = { id: 'e1', startedAt: '2026-11-20T09:30:00.000Z', questionCount: 10, closed: true, grade: 7.2, awaitingAssessment: 0 };
    const spy = await signedIn([
      { path: 'mock-exams', body: overview({ exams: [earlier] }) },
      { method: 'POST', path: 'mock-exams', status: 201, body: openExam() },
    ]);
    const { router } = await renderApp('/bibliotheek/proeftentamen/vak');
    expect(await screen.findByText(/alle hoofdstukken van Testvak/)).toBeInTheDocument();
    const sizes = screen.getByRole('group', { name: 'Aantal vragen' });
    expect(within(sizes).getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual([
      '5 vragen · 7,5 minuten',
      '10 vragen · 15 minuten',
      '20 vragen · 30 minuten',
    ]);
    // ten is chosen at first
    expect(within(sizes).getByRole('radio', { name: /10 vragen/ })).toBeChecked();
    expect(screen.getByRole('link', { name: /Bekijk de uitslag van het proeftentamen van 20 november/ })).toHaveAttribute('href', '/bibliotheek/proeftentamen/vak/e1');
    expect(screen.getByText('Cijfer 7,2')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(sizes).getByRole('radio', { name: /5 vragen/ }));
    await user.click(screen.getByRole('button', { name: 'Start proeftentamen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/bibliotheek/proeftentamen/vak/${EXAM_ID}`));
    const start = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(start![1]!.body))).toEqual({ subjectId: 'vak', questionCount: 5 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Proeftentamen Testvak' })).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Resterende tijd' })).toBeInTheDocument();
  });

  it('says so when the subject has no questions for a mock exam', async () => {
    await signedIn([{ path: 'mock-exams', body: overview({ sizes: [], availableQuestions: 0 }) }]);
    await renderApp('/bibliotheek/proeftentamen/vak');
    expect(await screen.findByText('Dit vak heeft nog geen vragen voor een proeftentamen.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start proeftentamen' })).toBeNull();
  });

  it('shows it is loading, then a load error in Dutch', async () => {
    failQueriesAtOnce();
    let answer: (response: Response) => void = () => undefined;
    await signIn(testTokens);
    const deviceid = getDeviceId();
    mockApi([]).mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    await renderApp('/bibliotheek/proeftentamen/vak');
    expect(await screen.findByRole('status', { name: 'Bezig met laden…' })).toBeInTheDocument();
    answer(new Response(JSON.stringify({ error: 'database_unavailable', error_description: 'Even niet.' }), { status: 503, headers: { deviceid } }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Het proeftentamen kon niet worden geladen. Probeer het later opnieuw.');
  });

  it('says starting failed when the connection is gone, and keeps her on the screen', async () => {
    await signedIn([{ path: 'mock-exams', body: overview() }]);
    const { router } = await renderApp('/bibliotheek/proeftentamen/vak');
    await screen.findByRole('button', { name: 'Start proeftentamen' });
    // offline: the start call never reaches the server
    (globalThis.fetch as unknown as ReturnType<typeof mockApi>).mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Start proeftentamen' }));
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('Het proeftentamen kon niet starten. Controleer je verbinding en probeer het opnieuw.');
    expect(router.state.location.pathname).toBe('/bibliotheek/proeftentamen/vak');
  });
});

describe('the results of a mock exam', () => {
  it('shows the grade, the grade per chapter with a way to read it, and every answer', async () => {
    await signedIn([{ path: `mock-exams/${EXAM_ID}`, body: closedExam() }]);
    await renderApp(`/bibliotheek/proeftentamen/vak/${EXAM_ID}`);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Uitslag proeftentamen' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('img', { name: 'Cijfer 5,5, voldoende' })).toBeInTheDocument();
    expect(screen.getByText(/Je had 1 van de 2 vragen goed\. Voldoende: je haalde een 5,5\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lees Wat is psychologie?' })).toHaveAttribute('href', '/summary/read/sam/h1');
    expect(screen.getByText('Vraag 1: goed')).toBeInTheDocument();
    expect(screen.getByText('Vraag 2: fout')).toBeInTheDocument();
  });
});
