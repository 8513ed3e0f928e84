import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FlashcardOverview, FlashcardSession } from '@blok/contract/flashcards';
import { signIn } from '../../../lib/auth/session.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { mockApi, renderApp } from '../../../testing/test-utils.tsx';
import { testTokens } from '../../../testing/fixtures.ts';

const SESSION_ID = '01900000-0000-7000-8000-0000000000c1';

const set = (id: string, title: string, sortIndex: number, knownCount = 0) => ({
  id,
  title,
  description: `Beschrijving van ${title}`,
  sortIndex,
  chapterId: null,
  cardCount: 6,
  knownCount,
  progress: Math.round((knownCount / 6) * 100),
  sessionId: null,
  dueCount: null,
});

const overview = (patch: Partial<FlashcardOverview> = {}): FlashcardOverview => ({
  subjectId: 'vak',
  subjectTitle: 'Testvak',
  sets: [set('set-a', 'Flashcards H1: begrippen', 1, 2), set('set-b', 'Flashcards H2: toepassingen', 2)],
  favorites: { cardCount: 0, knownCount: 0, sessionId: null },
  review: null,
  ...patch,
});

const started = { id: SESSION_ID, subjectId: 'vak', flashcardSetId: 'set-b' } as FlashcardSession;

describe('flashcards overview and settings', () => {
  it('lists the sets with their progress; favorites explain the star until there are some', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    mockApi([{ path: 'flashcard-sets', body: overview(), headers: { deviceid } }]);
    await renderApp('/bibliotheek/flashcards-overview/vak');
    expect(await screen.findByRole('heading', { level: 3, name: 'Flashcards H1: begrippen' })).toBeInTheDocument();
    expect(screen.getByText('2 van 6 gekend')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Voortgang van Flashcards H1: begrippen' })).toHaveAttribute('aria-valuenow', '33');
    expect(screen.getByText(/Tik tijdens het oefenen op de ster/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Favorieten oefenen' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Flashcards H2: toepassingen oefenen' })).toHaveAttribute('href', '/bibliotheek/flashcards-settings/vak/set-b');
    // FSRS off: no spaced-repetition card.
    expect(screen.queryByRole('heading', { name: 'Slim herhalen' })).toBeNull();
  });

  it('shows what is due today when spaced repetition is on', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    mockApi([
      {
        path: 'flashcard-sets',
        body: overview({ sets: [{ ...set('set-a', 'Flashcards H1: begrippen', 1), dueCount: 3 }], review: { dueCount: 3, newCount: 20, newCardsPerDay: 20, sessionId: null } }),
        headers: { deviceid },
      },
    ]);
    await renderApp('/bibliotheek/flashcards-overview/vak');
    expect(await screen.findByRole('heading', { name: 'Slim herhalen' })).toBeInTheDocument();
    expect(screen.getByText('3 kaarten te herhalen vandaag')).toBeInTheDocument();
    expect(screen.getByText('20 nieuwe kaarten')).toBeInTheDocument();
    expect(screen.getByText('3 te herhalen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start herhaling' })).toBeInTheDocument();
  });

  it('starts the chosen set shuffled, back first, only unknown cards, and opens the session', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    const fetchSpy = mockApi([
      { path: 'flashcard-sets', body: overview(), headers: { deviceid } },
      { method: 'POST', path: 'flashcard-sessions', status: 201, body: { ...started, title: 'x', subjectTitle: 'Testvak', source: 'set', order: 'shuffled', firstSide: 'back', onlyUnknown: true, currentIndex: 0, cardCount: 0, knownCount: 0, unknownCount: 0, finished: true, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', cards: [] }, headers: { deviceid } },
    ]);
    const { router } = await renderApp('/bibliotheek/flashcards-settings/vak/set-b');
    expect(await screen.findByRole('radio', { name: /Flashcards H2: toepassingen/ })).toBeChecked();
    // No favorites yet: that choice is there but cannot be taken.
    expect(screen.getByRole('radio', { name: /Favorieten/ })).toBeDisabled();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /Gehusseld/ }));
    await user.click(screen.getByRole('radio', { name: /Achterkant/ }));
    await user.click(screen.getByRole('checkbox', { name: /Alleen kaarten die ik nog niet ken/ }));
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/bibliotheek/flashcards/${SESSION_ID}/vak/set-b`));
    const call = fetchSpy.mock.calls.find(([url, init]) => String(url).endsWith('/flashcard-sessions') && init?.method === 'POST');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ subjectId: 'vak', source: 'set', flashcardSetId: 'set-b', order: 'shuffled', firstSide: 'back', onlyUnknown: true });
  });

  it('says so in Dutch for an unknown set and an unknown subject', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    mockApi([{ path: 'flashcard-sets', body: overview(), headers: { deviceid } }]);
    await renderApp('/bibliotheek/flashcards-settings/vak/bestaat-niet');
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze flashcardset bestaat niet (meer).');
    mockApi([]);
    await renderApp('/bibliotheek/flashcards-overview/onbekend');
    expect(await screen.findByText('Dit vak bestaat niet. Kies een vak in je bibliotheek.')).toBeInTheDocument();
  });
});

describe('flashcards switched off', () => {
  it("the flashcard routes answer the not-found page and Home's shortcuts drop flashcards", async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    mockApi([
      { path: 'config', body: { flashcardsEnabled: false, leitnerEnabled: false } },
      { path: 'flashcard-sets', body: overview(), headers: { deviceid } },
    ]);
    const { router } = await renderApp('/bibliotheek/flashcards-overview/vak');
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found'));
    await router.navigate('/home/shortcut');
    expect(await screen.findByRole('link', { name: /Bibliotheek/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Flashcards/ })).toBeNull();
  });
});
