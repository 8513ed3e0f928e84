import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { MockExam } from '@blok/contract/mockexam';
import { queryClient } from '../../../lib/react-query.ts';
import { mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { mockExamKeys } from '../api/keys.ts';
import { MockExamScreen } from './mock-exam-screen.tsx';

const EXAM_ID = '0190a000-0000-7000-8000-000000000001';

function makeExam(): MockExam {
  const question = (position: number, multipleAnswers: boolean) => ({
    position,
    questionId: `q${position}`,
    chapterId: 'h1',
    questionText: `Vraag over onderwerp ${position}?`,
    pictureUrl: null,
    multipleAnswers,
    answers: ['een', 'twee', 'drie'].map((text, i) => ({ id: `q${position}-a${i}`, answerText: `Antwoord ${text}`, isCorrect: null })),
    pickedAnswerIds: [] as string[],
    status: null,
    feedbackText: null,
  });
  return {
    id: EXAM_ID,
    subjectId: 'vak',
    subjectTitle: 'Vak',
    questionCount: 2,
    timeLimitSeconds: 180,
    startedAt: new Date().toISOString(),
    deadlineAt: new Date(Date.now() + 180_000).toISOString(),
    serverNow: new Date().toISOString(),
    secondsLeft: 180,
    closed: false,
    finishedAt: null,
    answeredCount: 0,
    questions: [question(0, false), question(1, true)],
    result: null,
    chapters: [],
  };
}

afterEach(() => queryClient.clear());

describe('answering a mock exam question', () => {
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
});
