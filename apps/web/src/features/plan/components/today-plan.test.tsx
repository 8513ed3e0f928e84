import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { PlanTask, SubjectDayPlan, TodayPlan as TodayPlanAnswer } from '@blok/contract/plan';
import { mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { TodayPlan } from './today-plan.tsx';

const task = (extra: Partial<PlanTask>): PlanTask => ({
  id: 'practice:h1',
  kind: 'practice',
  title: 'Oefen 6 vragen van hoofdstuk 1',
  minutes: 9,
  chapterId: 'h1',
  chapterNumber: 1,
  summaryId: null,
  questionListId: 'lijst-1',
  flashcardSetId: null,
  ownSetId: null,
  progress: 0,
  target: 6,
  done: false,
  ...extra,
});

const subject = (extra: Partial<SubjectDayPlan>): SubjectDayPlan => ({
  subjectId: 'psy',
  subjectTitle: 'Psychologie',
  examDate: '2026-12-03',
  daysUntilExam: 7,
  studyDaysLeft: 7,
  phase: 'learn',
  minutesPerDay: 30,
  minutes: 12,
  minutesLeft: 60,
  tooShort: false,
  readiness: 64,
  expectedGrade: { grade: 6.4, low: 5.6, high: 7.2 },
  tasks: [task({}), task({ id: 'cards:h1', kind: 'cards', title: 'Leer 12 kaarten van hoofdstuk 1', questionListId: null, flashcardSetId: 'set-1', target: 12, minutes: 3 })],
  done: false,
  ...extra,
});

const today = (subjects: SubjectDayPlan[]): TodayPlanAnswer => ({ date: '2026-11-26', timeZone: 'Europe/Amsterdam', subjects, allDone: false });

/** Where a link took her. */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

const renderHome = () =>
  renderWithProviders(
    <MemoryRouter initialEntries={['/home']}>
      <Routes>
        <Route path="/home" element={<TodayPlan />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

describe("Home's 'Vandaag'", () => {
  it('shows the expected grade beside the exam', async () => {
    mockApi([{ path: 'plan/today', body: today([subject({}), subject({ subjectId: 'bio', subjectTitle: 'Biologie', expectedGrade: null, readiness: null })]) }]);
    renderHome();
    const grades = await screen.findAllByTestId('today-expected-grade');
    expect(grades[0]!.parentElement).toHaveTextContent(/^Nog 7 dagen tot je tentamen · Verwacht cijfer 6,4 \(5,6-7,2\) · 12 van 30 minuten$/);
    expect(grades[1]).toHaveTextContent('Verwacht cijfer: nog niet getoetst');
  });

  it('opens practice with the questions the task still asks for', async () => {
    const api = mockApi([
      { path: 'plan/today', body: today([subject({ tasks: [task({ progress: 2 })] })]) },
      { method: 'POST', path: 'session/lijst-1/start', status: 201, body: { id: 'sessie-9' } },
    ]);
    renderHome();
    await userEvent.setup().click(await screen.findByRole('link', { name: /Oefen 6 vragen van hoofdstuk 1/ }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/bibliotheek/questions/sessie-9/psy/lijst-1');
    const start = api.mock.calls.find(([url, init]) => String(url).includes('session/lijst-1/start') && init?.method === 'POST');
    expect(JSON.parse(String(start![1]!.body))).toEqual({ count: 4 });
  });

  it('falls back to the settings page when the session cannot start', async () => {
    mockApi([{ path: 'plan/today', body: today([subject({ tasks: [task({})] })]) }]);
    renderHome();
    await userEvent.setup().click(await screen.findByRole('link', { name: /Oefen 6 vragen/ }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/bibliotheek/question-settings/psy/lijst-1'));
  });

  it("opens the chapter's card set from a cards task", async () => {
    mockApi([{ path: 'plan/today', body: today([subject({})]) }]);
    renderHome();
    expect(await screen.findByRole('link', { name: /Leer 12 kaarten van hoofdstuk 1/ })).toHaveAttribute('href', '/bibliotheek/flashcards-settings/psy/set-1');
  });

  it('plans her own course beside Blok: pages of her PDF, opened at the first page to read', async () => {
    const course = subject({
      subjectId: 'c-1',
      courseId: 'c-1',
      subjectTitle: 'Sociale psychologie',
      readiness: null,
      expectedGrade: null,
      minutes: 5,
      tasks: [
        task({ id: 'read-pages:f-1', kind: 'read-pages', title: 'Lees dia 12–21 van Hoorcollege 3', minutes: 5, chapterId: null, chapterNumber: null, questionListId: null, courseId: 'c-1', fileId: 'f-1', page: 15, progress: 3, target: 10 }),
      ],
    });
    mockApi([{ path: 'plan/today', body: today([course, subject({})]) }]);
    renderHome();
    const link = await screen.findByRole('link', { name: /Lees dia 12–21 van Hoorcollege 3/ });
    expect(link).toHaveAttribute('href', '/bibliotheek/eigen-vak/c-1/pdf/f-1?pagina=15');
    expect(link).toHaveTextContent('3 van 10');
    // her course shows where she stands in it as Blok's subjects do (decision 049): not tested yet
    expect(screen.getByRole('heading', { name: 'Sociale psychologie' }).nextElementSibling).toHaveTextContent(/^Nog 7 dagen tot je tentamen · Eigen vak · Verwacht cijfer: nog niet getoetst · 5 van 30 minuten$/);
    expect(screen.getAllByTestId('today-expected-grade')).toHaveLength(2);
  });

  it('shows the expected grade of her own course from her own answers', async () => {
    const course = subject({ subjectId: 'c-1', courseId: 'c-1', subjectTitle: 'Statistiek', readiness: 83, expectedGrade: { grade: 8.3, low: 7.1, high: 9.4 }, minutes: 5, tasks: [] });
    mockApi([{ path: 'plan/today', body: today([course]) }]);
    renderHome();
    expect(await screen.findByTestId('today-expected-grade')).toHaveTextContent('Verwacht cijfer 8,3 (7,1-9,4)');
    expect(screen.getByRole('heading', { name: 'Statistiek' }).nextElementSibling).toHaveTextContent(/· Eigen vak · Verwacht cijfer 8,3/);
  });

  it("opens her course's practice from the task of her own questions", async () => {
    const course = subject({
      subjectId: 'c-1',
      courseId: 'c-1',
      subjectTitle: 'Statistiek',
      readiness: null,
      expectedGrade: null,
      minutes: 9,
      tasks: [task({ id: 'own-questions:c-1', kind: 'own-questions', title: 'Oefen 6 van je vragen', minutes: 9, chapterId: null, chapterNumber: null, questionListId: null, courseId: 'c-1', progress: 2, target: 6 })],
    });
    const api = mockApi([{ path: 'plan/today', body: today([course]) }]);
    renderHome();
    const link = await screen.findByRole('link', { name: /Oefen 6 van je vragen/ });
    expect(link).toHaveAttribute('href', '/bibliotheek/eigen-vak/c-1/oefenen');
    expect(link).toHaveTextContent('2 van 6');
    await userEvent.setup().click(link);
    expect(await screen.findByTestId('where')).toHaveTextContent('/bibliotheek/eigen-vak/c-1/oefenen');
    // no session of Blok's questions is started for it
    expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
