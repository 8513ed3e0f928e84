import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChapterContent, SummaryDetail } from '@blok/contract/library';
import { signIn } from '../../../lib/auth/session.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { clearOfflineMarks, getOfflineMark } from '../../../lib/offline/offline-marks.ts';
import { clearPersistedQueries } from '../../../lib/offline/query-persistence.ts';
import { queryClient } from '../../../lib/react-query.ts';
import { mockApi, renderApp } from '../../../testing/test-utils.tsx';
import { testProfile, testTokens } from '../../../testing/fixtures.ts';
import { chapterQueryKey } from '../api/get-chapter.ts';
import { pictureUrls } from './save-offline.ts';

const row = (id: string, access: 'free' | 'premium', locked: boolean) => ({
  chapterId: id,
  title: `Hoofdstuk ${id}`,
  titleText: `Hoofdstuk ${id}`,
  priority: 1 as const,
  startIndex: 0,
  endIndex: 100,
  startPage: 1,
  endPage: 20,
  questionListId: null,
  access,
  locked,
  isRead: false,
  wordCount: 100,
  readingMinutes: 1,
});

const summary: SummaryDetail = {
  id: 'sam',
  subjectId: 'psy',
  subjectTitle: 'Psychologie',
  title: 'Samenvatting Gray',
  source: 'Gray',
  description: 'Alles.',
  hasSubscription: false,
  chapters: [row('h1', 'free', false), row('h2', 'premium', true), row('h3', 'free', false)],
  progress: null,
};

const content = (id: string, html: string): ChapterContent => ({
  summaryId: 'sam',
  summaryTitle: 'Samenvatting Gray',
  subjectId: 'psy',
  chapterId: id,
  title: `Hoofdstuk ${id}`,
  titleText: `Hoofdstuk ${id}`,
  priority: 1,
  startPage: 1,
  endPage: 20,
  access: 'free',
  questionListId: null,
  html,
  wordCount: 100,
  readingMinutes: 1,
  number: 1,
  chapterCount: 3,
  previous: null,
  next: null,
  position: 0,
  isRead: false,
});

const PICTURE = '/api/content/images/psy/schema.svg';

async function signedIn() {
  await signIn(testTokens);
  const deviceid = getDeviceId();
  return mockApi([
    { path: 'user/profile', body: testProfile, headers: { deviceid } },
    { path: 'summaries/sam', body: summary, headers: { deviceid } },
    { path: 'summaries/sam/chapters/h1', body: content('h1', `<p>Tekst</p><figure><img src="${PICTURE}" alt="Schema"></figure>`), headers: { deviceid } },
    { path: 'summaries/sam/chapters/h3', body: content('h3', '<p>Zonder plaatje</p>'), headers: { deviceid } },
    { path: 'content/images/psy/schema.svg', body: {}, headers: { deviceid } },
  ]);
}

afterEach(async () => {
  await clearOfflineMarks();
});

describe("'Offline beschikbaar maken'", () => {
  it('reads the pictures of a chapter from its HTML, only those on the image route', () => {
    expect(pictureUrls(`<img alt="a" src="${PICTURE}"><img src='/api/content/images/x/y.png'><img src="https://elders.nl/z.png"><img src="${PICTURE}">`)).toEqual([
      PICTURE,
      '/api/content/images/x/y.png',
    ]);
  });

  it('saves every chapter a free student may read under the reader’s keys, warms their pictures, marks them and remembers the choice', async () => {
    const fetchSpy = await signedIn();
    await renderApp('/summary/read/sam/chapters');
    const toggle = await screen.findByRole('switch', { name: 'Offline beschikbaar maken' });
    expect(toggle).not.toBeChecked();
    // A free student is told why the Premium chapter stays behind.
    expect(screen.getByText('Het Premium-hoofdstuk kun je alleen offline lezen met Premium.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Hoofdstukken van Samenvatting Gray' });
    expect(within(list).queryByText('Offline beschikbaar')).toBeNull();

    const user = userEvent.setup();
    await user.click(toggle);

    expect(await screen.findByText('Offline beschikbaar: 2 hoofdstukken staan op dit apparaat.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(toggle).toBeChecked();
    const paths = fetchSpy.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);
    expect(paths).toContain('/api/summaries/sam/chapters/h1');
    expect(paths).toContain('/api/summaries/sam/chapters/h3');
    expect(paths).not.toContain('/api/summaries/sam/chapters/h2');
    expect(paths.filter((p) => p === PICTURE)).toHaveLength(1);
    // The reader's own query keys: the reader finds them offline.
    expect(queryClient.getQueryData(chapterQueryKey('sam', 'h1'))).toMatchObject({ chapterId: 'h1' });
    expect(queryClient.getQueryData(chapterQueryKey('sam', 'h2'))).toBeUndefined();
    // The mark on each chapter saved on the device, not on the Premium one.
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Offline beschikbaar')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('Offline beschikbaar')).toBeNull();
    expect(within(rows[2]!).getByText('Offline beschikbaar')).toBeInTheDocument();
    // Remembered on the device, with when it was complete.
    expect(getOfflineMark('sam')).toMatchObject({ summaryId: 'sam', savedAt: expect.any(Number) });

    // Signing out takes the mark with the saved data.
    await clearPersistedQueries();
    await waitFor(() => expect(getOfflineMark('sam')).toBeUndefined());
  });

  it('offline it asks for a connection instead of pretending to save', async () => {
    await signedIn();
    await renderApp('/summary/read/sam/chapters');
    const toggle = await screen.findByRole('switch', { name: 'Offline beschikbaar maken' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    await userEvent.setup().click(toggle);
    expect(await screen.findByText('Je bent offline. Zet dit aan zodra je verbinding hebt.')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(getOfflineMark('sam')).toBeUndefined();
  });
});
