import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { MockExam } from '@blok/contract/mockexam';
import { queryClient } from '../../../lib/react-query.ts';
import { mockApi, renderWithProviders, spokenText } from '../../../testing/test-utils.tsx';
import { mockExamKeys } from '../api/keys.ts';
import { MockExamScreen } from './mock-exam-screen.tsx';

const EXAM_ID = '0190a000-0000-7000-8000-000000000001';

function makeExam(): MockExam {
  const question = (position: number, multipleAnswers: boolean) => ({
    position,
    questionId: `q${position}`,
    chapterId: 'h1',
    type: 'SELECT' as const,
    questionText: `Vraag over onderwerp ${position}?`,
    pictureUrl: null,
    multipleAnswers,
    answers: ['een', 'twee', 'drie'].map((text, i) => ({ id: `q${position}-a${i}`, answerText: `Antwoord ${text}`, isCorrect: null })),
    pickedAnswerIds: [] as string[],
    interaction: null,
    response: null,
    expected: null,
    textAnswer: null as string | null,
    status: null,
    changedSinceAnswer: false,
    feedbackText: null,
    modelAnswer: null,
  });
  return {
    id: EXAM_ID,
    subjectId: 'vak',
    subjectTitle: 'Vak',
    questionCount: 3,
    timeLimitSeconds: 180,
    startedAt: new Date().toISOString(),
    deadlineAt: new Date(Date.now() + 180_000).toISOString(),
    serverNow: new Date().toISOString(),
    secondsLeft: 180,
    closed: false,
    finishedAt: null,
    answeredCount: 0,
    questions: [question(0, false), question(1, true), { ...question(2, false), type: 'OPEN', answers: [], questionText: 'Leg het begrip uit.' }],
    result: null,
    chapters: [],
  };
}

afterEach(() => queryClient.clear());

describe('answering a mock exam question', () => {
  it('reads the question counter on its own, not run together with the answered count', async () => {
    mockApi([]);
    queryClient.setQueryData(mockExamKeys.exam(EXAM_ID), makeExam());
    renderWithProviders(<MockExamScreen subjectId="vak" examId={EXAM_ID} />);
    const line = await screen.findByText(/^Vraag 1 van 3/);
    // was "Vraag 1 van 30 van 3 beantwoord": heard as "Vraag 1 van 30", then "van 3 beantwoord"
    expect(spokenText(line)).toBe('Vraag 1 van 3');
    expect(line).toHaveTextContent('Vraag 1 van 3 · 0 van 3 beantwoord');
    expect(screen.getByRole('progressbar', { name: 'Voortgang van het tentamen' })).toHaveAttribute('aria-valuetext', '0 van 3 vragen beantwoord');
  });

  it('checks the picked radio in the same event, before the cache tells its observers', async () => {
    const exam = makeExam();
    mockApi([{ method: 'POST', path: `mock-exams/${EXAM_ID}/answer`, body: { ...exam.questions[0], pickedAnswerIds: ['q0-a1'] } }]);
    queryClient.setQueryData(mockExamKeys.exam(EXAM_ID), exam);
    renderWithProviders(<MockExamScreen subjectId="vak" examId={EXAM_ID} />);
    const radio = await screen.findByRole('radio', { name: /Antwoord twee/ });
    fireEvent.click(radio);
    // No await: what Playwright's check() and a screen reader see right after the click.
    expect(radio).toBeChecked();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByRole('radio', { name: /Antwoord twee/ })).toBeChecked();
  });

  it('keeps her written answer to an open question when she leaves the field, and marks it answered', async () => {
    const exam = makeExam();
    const spy = mockApi([{ method: 'POST', path: `mock-exams/${EXAM_ID}/answer`, body: { ...exam.questions[2], textAnswer: 'Mijn uitleg' } }]);
    queryClient.setQueryData(mockExamKeys.exam(EXAM_ID), exam);
    renderWithProviders(<MockExamScreen subjectId="vak" examId={EXAM_ID} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Vraag 3, nog niet beantwoord' }));
    const field = await screen.findByRole('textbox', { name: 'Jouw antwoord' });
    expect(screen.queryByRole('radio')).toBeNull();
    fireEvent.change(field, { target: { value: 'Mijn uitleg' } });
    fireEvent.blur(field);
    await screen.findByRole('button', { name: 'Vraag 3, beantwoord' });
    const call = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ position: 2, textAnswer: 'Mijn uitleg' });
    // leaving it again unchanged sends nothing more
    fireEvent.blur(field);
    expect(spy.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });
});
