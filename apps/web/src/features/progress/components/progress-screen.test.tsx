import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { Progress } from '@blok/contract/progress';
import type { SubjectReadiness } from '@blok/contract/plan';
import { mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { ProgressScreen } from './progress-screen.tsx';

const progress = (extra: Partial<Progress> = {}): Progress => ({
  subjectId: 'psy',
  subjectTitle: 'Psychologie',
  timeZone: 'Europe/Amsterdam',
  today: '2026-11-29',
  chapters: [
    { chapterId: 'h1', number: 1, title: 'Inleiding', summaryId: 's1' },
    { chapterId: 'h2', number: 2, title: 'Ontwikkelingspsychologie', summaryId: 's1' },
  ],
  // her first day: three grades of one day
  grades: [
    { at: '2026-11-29T09:00:00Z', date: '2026-11-29', source: 'practice', chapterId: 'h1', grade: 6, questions: 5 },
    { at: '2026-11-29T09:20:00Z', date: '2026-11-29', source: 'practice', chapterId: 'h1', grade: 8, questions: 5 },
    { at: '2026-11-29T10:00:00Z', date: '2026-11-29', source: 'mockexam', chapterId: 'h2', grade: 5, questions: 5 },
  ],
  fromDate: '2026-09-07',
  days: [{ date: '2026-11-29', minutes: 40, activities: 15 }],
  dueEnabled: false,
  due: [],
  ...extra,
});

const readiness = (extra: Partial<SubjectReadiness> = {}): SubjectReadiness => ({
  subjectId: 'psy',
  subjectTitle: 'Psychologie',
  examDate: null,
  daysUntilExam: null,
  readiness: 61,
  expectedGrade: { grade: 6.1, low: 5.2, high: 7 },
  expectedGradeHistory: [
    { date: '2026-11-27', grade: 4.8, low: 3.6, high: 6 },
    { date: '2026-11-29', grade: 6.1, low: 5.2, high: 7 },
  ],
  gradedAnswers: 15,
  spacedRepetition: false,
  weakestChapterId: 'h2',
  chapters: [],
  ...extra,
});

const renderProgress = () =>
  renderWithProviders(
    <MemoryRouter>
      <ProgressScreen subjectId="psy" />
    </MemoryRouter>,
  );

describe('Voortgang', () => {
  it('shows her expected grade over time, with its table', async () => {
    mockApi([
      { path: 'subjects/psy/progress', body: progress() },
      { path: 'subjects/psy/readiness', body: readiness() },
    ]);
    renderProgress();
    const figure = (await screen.findByRole('heading', { name: 'Verwacht cijfer in de tijd' })).closest('section')!;
    expect(figure).toHaveTextContent('2 dagen sinds 27 november: van 4,8 naar 6,1.');
    await userEvent.setup().click(within(figure).getByText('Toon als tabel'));
    const rows = within(figure).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['DatumVerwacht cijferMarge', 'vr 27 nov4,83,6-6,0', 'zo 29 nov6,15,2-7,0']);
  });

  it('says so before there is an expected grade', async () => {
    mockApi([
      { path: 'subjects/psy/progress', body: progress({ grades: [] }) },
      { path: 'subjects/psy/readiness', body: readiness({ expectedGrade: null, readiness: null, expectedGradeHistory: [] }) },
    ]);
    renderProgress();
    const figure = (await screen.findByRole('heading', { name: 'Verwacht cijfer in de tijd' })).closest('section')!;
    expect(figure).toHaveTextContent('Nog geen verwacht cijfer.');
    expect(within(figure).queryByText('Toon als tabel')).toBeNull();
  });

  it('draws a first day of grades side by side under one date, not as a line from "29 nov" to "29 nov"', async () => {
    mockApi([
      { path: 'subjects/psy/progress', body: progress() },
      { path: 'subjects/psy/readiness', body: readiness() },
    ]);
    renderProgress();
    const figure = (await screen.findByRole('heading', { name: 'Cijfer per hoofdstuk in de tijd' })).closest('section')!;
    const svg = figure.querySelector('svg')!;
    const labels = [...svg.querySelectorAll('text')].map((t) => t.textContent).filter((t) => /nov/.test(t ?? ''));
    expect(labels).toEqual(['29 nov']);
    const xs = [...svg.querySelectorAll('circle, rect')].map((el) => Number(el.getAttribute('cx') ?? Number(el.getAttribute('x')) + 4));
    expect(new Set(xs).size).toBe(3);
  });
});
