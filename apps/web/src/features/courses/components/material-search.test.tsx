import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchResult } from '@blok/contract/search';
import { signIn } from '../../../lib/auth/session.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { mockApi, renderApp } from '../../../testing/test-utils.tsx';
import { testTokens } from '../../../testing/fixtures.ts';
import { COURSE_ID, FILE_ID, makeCourse, makeList } from '../test-data.ts';

async function signedIn(routes: Parameters<typeof mockApi>[0]) {
  await signIn(testTokens);
  const deviceid = getDeviceId();
  return mockApi(routes.map((r) => ({ ...r, headers: { deviceid, ...r.headers } })));
}

const result: SearchResult = {
  query: 'dissonantie',
  hits: [
    { kind: 'page', courseId: COURSE_ID, courseName: 'Sociale psychologie', fileId: FILE_ID, fileName: 'Hoorcollege 2.pdf', page: 7, snippet: { text: 'De cognitieve dissonantie van Festinger', marks: [[14, 25]] } },
    { kind: 'card', setId: 'set-1', setTitle: 'Begrippen', cardId: 'card-1', snippet: { text: 'Wat is dissonantie?', marks: [[7, 18]] } },
    { kind: 'chapter', summaryId: 'sum-1', summaryTitle: 'Inleiding psychologie', chapterId: 'ch-1', chapterTitle: 'Attitudes', snippet: { text: '', marks: [] } },
  ],
};

describe('her own courses and the one search on the library', () => {
  it('lists her courses and finds words in her PDFs, cards and summaries; a hit opens the page', async () => {
    const spy = await signedIn([
      { path: 'courses', body: makeList([makeCourse()]) },
      { path: 'search', body: result },
    ]);
    await renderApp('/bibliotheek');
    expect(await screen.findByRole('link', { name: 'Sociale psychologie' }, { timeout: 10_000 })).toHaveAttribute('href', `/bibliotheek/eigen-vak/${COURSE_ID}`);
    expect(screen.getByRole('button', { name: 'Eigen vak toevoegen' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Zoek in je materiaal, kaarten en samenvattingen'), 'Dissonantie{Enter}');
    expect(await screen.findByText('3 resultaten voor ‘dissonantie’', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hoorcollege 2.pdf' })).toHaveAttribute('href', `/bibliotheek/eigen-vak/${COURSE_ID}/pdf/${FILE_ID}?pagina=7`);
    expect(screen.getByText('Sociale psychologie · Hoorcollege 2.pdf · pagina 7')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Begrippen' })).toHaveAttribute('href', '/kaarten/set-1/kaart/card-1');
    expect(screen.getByRole('link', { name: 'Attitudes' })).toHaveAttribute('href', '/summary/read/sum-1/ch-1');
    expect(screen.getAllByText('dissonantie', { selector: 'mark' })).toHaveLength(2);
    const call = spy.mock.calls.find(([url]) => String(url).includes('search?'));
    expect(String(call![0])).toContain('search?q=Dissonantie');
  }, 40_000);

  it('adds a course in one step from the library and opens it', async () => {
    const spy = await signedIn([
      { path: 'courses', body: makeList([]) },
      { method: 'POST', path: 'courses', status: 201, body: { course: makeCourse({ name: 'Statistiek', code: '', period: '' }), files: [], limits: makeList([]).limits } },
      { path: `courses/${COURSE_ID}`, body: { course: makeCourse({ name: 'Statistiek', code: '', period: '' }), files: [], limits: makeList([]).limits } },
    ]);
    await renderApp('/bibliotheek');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Eigen vak toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eigen vak toevoegen' });
    await user.click(within(dialog).getByRole('button', { name: 'Vak toevoegen' }));
    expect(within(dialog).getByText('Geef het vak een naam.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Naam van het vak'), 'Statistiek');
    await user.click(within(dialog).getByRole('button', { name: 'Vak toevoegen' }));
    // the course page's module loads on demand (slow the first time in a test run)
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistiek' }, { timeout: 10_000 })).toBeInTheDocument();
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post![1]!.body))).toEqual({ name: 'Statistiek', code: '', period: '', examDate: null });
  });
});
