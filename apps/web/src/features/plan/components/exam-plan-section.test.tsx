import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExamPlan } from '@blok/contract/plan';
import { mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { ExamPlanSection } from './exam-plan-section.tsx';

const plan = (extra: Partial<ExamPlan>): ExamPlan => ({
  subjectId: 'psy',
  isSet: true,
  examDate: '2026-11-20',
  minutesPerDay: 30,
  studyDays: [1, 2, 3, 4, 5, 6, 7],
  timeZone: 'Europe/Amsterdam',
  daysUntilExam: -9,
  ...extra,
});

describe("the subject page's 'Tentamen'", () => {
  it('says when a passed exam was, never "nog -9 dagen", and offers a new date', async () => {
    mockApi([{ path: 'subjects/psy/exam-plan', body: plan({}) }]);
    renderWithProviders(<ExamPlanSection subjectId="psy" />);
    expect(await screen.findByText('Je tentamen was op vrijdag 20 november 2026')).toBeInTheDocument();
    expect(screen.queryByText(/nog -?\d+ dag/i)).toBeNull();
    expect(screen.getByText(/Heb je een herkansing/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Nieuwe datum kiezen' }));
    // the passed date is not offered again: the field starts empty
    expect(screen.getByLabelText('Tentamendatum')).toHaveValue('');
  });

  it('counts the days to an exam ahead', async () => {
    mockApi([{ path: 'subjects/psy/exam-plan', body: plan({ examDate: '2026-12-08', daysUntilExam: 9 }) }]);
    renderWithProviders(<ExamPlanSection subjectId="psy" />);
    expect(await screen.findByText('Tentamen op dinsdag 8 december 2026')).toBeInTheDocument();
    expect(screen.getByText(/nog 9 dagen/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wijzigen' })).toBeInTheDocument();
  });
});
