import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChapterContent, SummaryDetail } from '@blok/contract/library';
import { signIn } from '../../../lib/auth/session.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { mockApi, renderApp } from '../../../testing/test-utils.tsx';
import { testProfile, testTokens } from '../../../testing/fixtures.ts';
import { TEXT_SIZE_KEY } from '../hooks/use-text-size.ts';

const chapterRow = (id: string, title: string, access: 'free' | 'premium', locked: boolean) => ({
  chapterId: id,
  title,
  titleText: title.replace(/<[^>]+>/g, ''),
  priority: 1 as const,
  startIndex: 0,
  endIndex: 100,
  startPage: 1,
  endPage: 20,
  questionListId: id === 'h1' ? 'vragen-h1' : null,
  access,
  locked,
  isRead: false,
  wordCount: 100,
  readingMinutes: 1,
});

const summary: SummaryDetail = {
  id: 'sam',
  subjectId: 'psy',
  subjectTitle: 'Inleiding in de psychologie',
  title: 'Samenvatting Gray',
  source: 'Gray, Psychology',
  description: 'Alles voor het tentamen.',
  hasSubscription: false,
  chapters: [chapterRow('h1', 'Wat is <em>psychologie</em>?', 'free', false), chapterRow('h2', 'Onderzoeksmethoden', 'premium', true)],
  progress: { chapterId: 'h1', position: 0.4, updatedAt: '2025-01-01T10:00:00.000Z' },
};

const chapter: ChapterContent = {
  summaryId: 'sam',
  summaryTitle: 'Samenvatting Gray',
  subjectId: 'psy',
  chapterId: 'h1',
  title: 'Wat is <em>psychologie</em>?',
  titleText: 'Wat is psychologie?',
  priority: 2,
  startPage: 1,
  endPage: 28,
  access: 'free',
  questionListId: 'vragen-h1',
  html: '<h2>Een jonge wetenschap</h2><p>Psychologie is de <strong>wetenschap</strong> van gedrag.</p><table><thead><tr><th scope="col">Stroming</th></tr></thead><tbody><tr><td>Behaviorisme</td></tr></tbody></table>',
  wordCount: 1200,
  readingMinutes: 6,
  number: 1,
  chapterCount: 2,
  previous: null,
  next: { chapterId: 'h2', titleText: 'Onderzoeksmethoden', locked: true },
  position: 0.4,
  isRead: false,
};

async function signedIn(extra: Parameters<typeof mockApi>[0] = []) {
  await signIn(testTokens);
  const deviceid = getDeviceId();
  return mockApi([
    { path: 'user/profile', body: testProfile, headers: { deviceid } },
    { path: 'summaries/sam', body: summary, headers: { deviceid } },
    { path: 'summaries/sam/chapters/h1', body: chapter, headers: { deviceid } },
    {
      path: 'summaries/sam/chapters/h2',
      status: 403,
      body: { error: 'premium_required', error_description: 'Dit hoofdstuk hoort bij Premium.' },
      headers: { deviceid },
    },
    {
      method: 'PUT',
      path: 'summaries/sam/progress',
      body: { summaryId: 'sam', chapterId: 'h1', position: 0.4, updatedAt: '2025-01-01T10:00:00.000Z', isRead: false },
      headers: { deviceid },
    },
    ...extra,
  ]);
}

const progressCalls = (spy: ReturnType<typeof mockApi>) =>
  spy.mock.calls
    .filter(([url, init]) => String(url) === '/api/summaries/sam/progress' && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('Reader', () => {
  it('renders the chapter title and its sanitized HTML, with the next chapter and the questions', async () => {
    const fetchSpy = await signedIn();
    await renderApp('/summary/read/sam/h1');

    const title = await screen.findByRole('heading', { level: 1, name: /Wat is\s*psychologie\s*\?/ });
    expect(title.querySelector('em')).toHaveTextContent('psychologie');
    expect(screen.getByRole('heading', { level: 2, name: 'Een jonge wetenschap' })).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveTextContent('Behaviorisme');
    expect(screen.getByText('Hoofdstuk 1', { selector: 'p' })).toBeInTheDocument();

    const neighbours = screen.getByRole('navigation', { name: 'Vorig en volgend hoofdstuk' });
    expect(within(neighbours).queryByRole('link', { name: /Vorige/ })).toBeNull();
    expect(within(neighbours).getByRole('link', { name: /Volgende.*Onderzoeksmethoden/ })).toHaveAttribute('href', '/summary/read/sam/h2');
    expect(screen.getByRole('link', { name: 'Oefenvragen' })).toHaveAttribute('href', '/summary/questions/sam/vragen-h1');
    expect(screen.getByRole('link', { name: 'Hoofdstukken' })).toHaveAttribute('href', '/summary/read/sam/chapters');

    // Opening the chapter makes it her place, at the position she left it.
    await screen.findByText('1 / 2');
    expect(progressCalls(fetchSpy)).toContainEqual({ chapterId: 'h1', position: 0.4 });
  });

  it('reports a mistake in the chapter from its end, and says when her earlier report was handled', async () => {
    const deviceid = getDeviceId();
    const fetchSpy = await signedIn([
      {
        path: 'reports',
        body: {
          reports: [
            { id: 'r0', kind: 'question', itemId: 'h1', subjectId: 'psy', itemTitle: 'Een vraag', message: 'Niet deze.', status: 'open', createdAt: '2026-11-02T10:00:00.000Z', handledAt: null },
            { id: 'r1', kind: 'chapter', itemId: 'h1', subjectId: 'psy', itemTitle: 'Wat is psychologie?', message: 'Tikfout.', status: 'handled', createdAt: '2026-11-20T10:00:00.000Z', handledAt: '2026-11-22T10:00:00.000Z' },
          ],
        },
        headers: { deviceid },
      },
      {
        method: 'POST',
        path: 'reports',
        status: 201,
        body: { id: 'r2', kind: 'chapter', itemId: 'h1', subjectId: 'psy', itemTitle: 'Wat is psychologie?', message: 'De tabel mist een stroming.', status: 'open', createdAt: '2026-11-25T10:00:00.000Z', handledAt: null },
        headers: { deviceid },
      },
    ]);
    await renderApp('/summary/read/sam/h1');
    const user = userEvent.setup();

    // the chapter's report, not the question's with the same id
    expect(await screen.findByText('Je melding van 20 november over dit hoofdstuk is op 22 november afgehandeld.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Meld een fout' }));
    await user.type(screen.getByLabelText('Wat klopt er niet in dit hoofdstuk?'), 'De tabel mist een stroming.');
    await user.click(screen.getByRole('button', { name: 'Verstuur melding' }));
    expect(await screen.findByText('Bedankt voor je melding')).toBeInTheDocument();
    const call = fetchSpy.mock.calls.find(([url, init]) => String(url).endsWith('/reports') && init?.method === 'POST');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ kind: 'chapter', itemId: 'h1', message: 'De tabel mist een stroming.' });
  });

  it('opens where she left off when no chapter is given', async () => {
    await signedIn();
    const { router } = await renderApp('/summary/read/sam');
    expect(await screen.findByRole('heading', { level: 1, name: /Wat is\s*psychologie\s*\?/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/summary/read/sam/h1');
  });

  it('shows the paywall for a premium chapter (403 premium_required), leading to the shop', async () => {
    const fetchSpy = await signedIn();
    const { router } = await renderApp('/summary/read/sam/h1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: /Volgende.*Onderzoeksmethoden/ }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Lees verder met Premium' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/summary/read/sam/h2');
    expect(screen.getByRole('heading', { level: 1, name: 'Onderzoeksmethoden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bekijk Premium' })).toHaveAttribute('href', '/shop');
    expect(screen.getByRole('link', { name: 'Terug naar hoofdstuk 1' })).toHaveAttribute('href', '/summary/read/sam/h1');
    expect(screen.getByText('Alle hoofdstukken van elke samenvatting')).toBeInTheDocument();
    // The paywall is the answer to the 403: no global error toast, no progress saved for it.
    expect(screen.queryByText('Dit hoofdstuk hoort bij Premium.')).toBeNull();
    expect(progressCalls(fetchSpy).some((body) => body.chapterId === 'h2')).toBe(false);
  });

  it('makes the text larger and smaller and remembers the size', async () => {
    await signedIn();
    await renderApp('/summary/read/sam/h1');
    const user = userEvent.setup();
    const larger = await screen.findByRole('button', { name: 'A+, grotere tekst' });
    await user.click(larger);
    expect(localStorage.getItem(TEXT_SIZE_KEY)).toBe('2');
    expect(await screen.findByText('Tekstgrootte 113%')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'A−, kleinere tekst' }));
    await user.click(screen.getByRole('button', { name: 'A−, kleinere tekst' }));
    expect(localStorage.getItem(TEXT_SIZE_KEY)).toBe('0');
    expect(screen.getByRole('button', { name: 'A−, kleinere tekst' })).toBeDisabled();
  });

  it('lists the chapters with priority, lock and a link to each chapter and its questions', async () => {
    await signedIn();
    await renderApp('/summary/read/sam/chapters');
    const list = await screen.findByRole('list', { name: 'Hoofdstukken van Samenvatting Gray' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: /Hoofdstuk 1: Wat is\s*psychologie\s*\?/ })).toHaveAttribute('href', '/summary/read/sam/h1');
    expect(within(items[0]!).getByText('Hier was je')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: 'Oefenvragen bij dit hoofdstuk: 1. Wat is psychologie?' })).toHaveAttribute(
      'href',
      '/summary/questions/sam/vragen-h1',
    );
    expect(within(items[1]!).getByText('Premium')).toBeInTheDocument();
    expect(screen.getByText('Prioriteit voor je tentamen:')).toBeInTheDocument();
  });
});
