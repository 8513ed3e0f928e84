import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { MockExamOverview } from '@blok/contract/mockexam';
import { MemoryRouter } from 'react-router';
import { queryClient } from '../../../lib/react-query.ts';
import { mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { MockExamStart } from './mock-exam-start.tsx';

// Issue 40: one open exam per subject and a daily limit, as the start screen shows them.

const OPEN_ID = '0190a000-0000-7000-8000-000000000002';
const CLOSED_ID = '0190a000-0000-7000-8000-000000000001';

function overview(patch: Partial<MockExamOverview> = {}): MockExamOverview {
  return {
    subjectId: 'vak',
    subjectTitle: 'Vak',
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
    ...patch,
  };
}

afterEach(() => queryClient.clear());

describe('the mock exam start screen', () => {
  it('offers the running exam instead of a new one, and lists it at the top', async () => {
    mockApi([
      {
        method: 'GET',
        path: 'mock-exams',
        body: overview({
          openExamId: OPEN_ID,
          startsLeftToday: 3,
          exams: [
            { id: OPEN_ID, startedAt: '2026-11-28T10:00:00.000Z', questionCount: 10, closed: false, grade: null, awaitingAssessment: 0 },
            { id: CLOSED_ID, startedAt: '2026-11-28T09:00:00.000Z', questionCount: 10, closed: true, grade: 6.5, awaitingAssessment: 0 },
          ],
        }),
      },
    ]);
    renderWithProviders(
      <MemoryRouter>
        <MockExamStart subjectId="vak" />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Je proeftentamen loopt nog' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ga verder met je proeftentamen' })).toHaveAttribute('href', expect.stringContaining(OPEN_ID));
    expect(screen.queryByRole('button', { name: 'Start proeftentamen' })).toBeNull();
    const rows = screen.getAllByRole('link', { name: /proeftentamen van/ });
    expect(rows[0]).toHaveAccessibleName(/^Ga verder met het proeftentamen van/);
    expect(rows[1]).toHaveAccessibleName(/^Bekijk de uitslag/);
  });

  it('says from when she can start again once the daily limit is reached', async () => {
    mockApi([{ method: 'GET', path: 'mock-exams', body: overview({ startsLeftToday: 0, nextStartAt: '2026-11-29T09:00:00.000Z' }) }]);
    renderWithProviders(
      <MemoryRouter>
        <MockExamStart subjectId="vak" />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/Je hebt in de afgelopen 24 uur al 5 proeftentamens van dit vak gemaakt, het maximum\. Vanaf .+ kun je een nieuw proeftentamen starten/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Start proeftentamen' })).toBeNull();
  });

  it('shows the API refusal of a start past the limit in its own words', async () => {
    mockApi([
      { method: 'GET', path: 'mock-exams', body: overview({ startsLeftToday: 1 }) },
      {
        method: 'POST',
        path: 'mock-exams',
        status: 409,
        body: { error: 'mock_exam_limit', error_description: 'Je hebt vandaag al 5 proeftentamens van dit vak gemaakt. Over 3 uur kun je een nieuw proeftentamen starten; oefen tot die tijd met de oefenvragen.' },
      },
    ]);
    renderWithProviders(
      <MemoryRouter>
        <MockExamStart subjectId="vak" />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Je kunt vandaag nog 1 proeftentamen van dit vak starten.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Start proeftentamen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Over 3 uur kun je een nieuw proeftentamen starten');
  });
});
