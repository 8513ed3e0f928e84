import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChapterReadiness, SubjectReadiness } from '@blok/contract/plan';
import { mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { ReadinessSection } from './readiness-section.tsx';

const chapter = (number: number, readiness: number | null, extra: Partial<ChapterReadiness> = {}): ChapterReadiness => ({
  chapterId: `h${number}`,
  number,
  title: `Hoofdstuk ${number}`,
  summaryId: 's1',
  priority: 1,
  locked: false,
  readiness,
  gradedAnswers: readiness === null ? 0 : 6,
  read: false,
  questionListId: null,
  questionCount: 6,
  questionsAnswered: 0,
  questionsCorrect: 0,
  cardCount: 0,
  cardsKnown: 0,
  cardsUnknown: 0,
  ownCardCount: 0,
  ownCardsKnown: 0,
  retentionToday: null,
  retentionOnExam: null,
  readingMinutes: 5,
  reason: readiness === null ? `Hoofdstuk ${number}: nog niet getoetst` : `Hoofdstuk ${number}: 4 van de 6 vragen goed, ${readiness} % kans op een goed antwoord`,
  ...extra,
});

const answer = (extra: Partial<SubjectReadiness>): SubjectReadiness => ({
  subjectId: 'psy',
  subjectTitle: 'Psychologie',
  examDate: null,
  daysUntilExam: null,
  readiness: 64,
  expectedGrade: { grade: 6.4, low: 5.6, high: 7.2 },
  expectedGradeHistory: [],
  gradedAnswers: 6,
  spacedRepetition: false,
  weakestChapterId: 'h2',
  chapters: [chapter(1, 64), chapter(2, null), chapter(3, null, { locked: true })],
  ...extra,
});

describe("'Waar sta je'", () => {
  it('shows the expected grade with its range, and "Nog niet getoetst" for an untested chapter', async () => {
    mockApi([{ path: 'subjects/psy/readiness', body: answer({}) }]);
    renderWithProviders(<ReadinessSection subjectId="psy" />);
    expect(await screen.findByTestId('expected-grade')).toHaveTextContent('Verwacht cijfer 6,4 (5,6-7,2)');
    await userEvent.setup().click(screen.getByText('Per hoofdstuk (3 hoofdstukken)'));
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('64 % kans op een goed antwoord');
    expect(items[1]).toHaveTextContent('Nog niet getoetst');
    expect(items[1]).not.toHaveTextContent('%');
    expect(items[2]).toHaveTextContent('Premium');
  });

  it('shows no grade and no percentage before a graded answer', async () => {
    mockApi([{ path: 'subjects/psy/readiness', body: answer({ readiness: null, expectedGrade: null, gradedAnswers: 0, chapters: [chapter(1, null)] }) }]);
    renderWithProviders(<ReadinessSection subjectId="psy" />);
    expect(await screen.findByTestId('expected-grade')).toHaveTextContent('Verwacht cijfer: nog niet getoetst');
    expect(screen.queryByText(/\d+%/)).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
