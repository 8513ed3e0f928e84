import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FlashcardSession, FlashcardSessionCard } from '@blok/contract/flashcards';
import { signIn } from '../../../lib/auth/session.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { mockApi, renderApp } from '../../../testing/test-utils.tsx';
import { testTokens } from '../../../testing/fixtures.ts';

const ID = '01900000-0000-7000-8000-0000000000f1';
const NEXT_ID = '01900000-0000-7000-8000-0000000000f2';

const card = (position: number, front: string, back: string, extra: Partial<FlashcardSessionCard> = {}): FlashcardSessionCard => ({
  position,
  flashcardId: `kaart-${position + 1}`,
  flashcardSetId: 'set-a',
  front: { html: `<p>${front}</p>`, pictureUrl: null },
  back: { html: `<p>${back}</p>`, pictureUrl: null },
  isFavorite: false,
  known: null,
  rating: null,
  scheduleVersion: null,
  intervals: null,
  ...extra,
});

const session = (patch: Partial<FlashcardSession> = {}): FlashcardSession => ({
  id: ID,
  subjectId: 'vak',
  subjectTitle: 'Testvak',
  source: 'set',
  flashcardSetId: 'set-a',
  title: 'Flashcards H1: begrippen',
  order: 'written',
  firstSide: 'front',
  onlyUnknown: false,
  currentIndex: 0,
  cardCount: 2,
  knownCount: 0,
  unknownCount: 0,
  finished: false,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  cards: [card(0, 'Wat is schaarste?', 'Beperkte middelen'), card(1, 'Wat is elasticiteit?', 'Gevoeligheid voor de prijs')],
  ...patch,
});

describe('flashcard session', () => {
  it('types the answer: judged against the back, shown, and sent as a typed answer (issue 40)', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    const answered = session({ currentIndex: 1, knownCount: 1, cards: [card(0, 'Wat is schaarste?', 'Beperkte middelen', { known: true }), session().cards[1]!] });
    const fetchSpy = mockApi([
      { path: `flashcard-sessions/${ID}`, body: session(), headers: { deviceid } },
      { method: 'POST', path: `flashcard-sessions/${ID}/answer`, body: answered, headers: { deviceid } },
    ]);
    await renderApp(`/bibliotheek/flashcards/${ID}/vak/set-a`);
    await screen.findByRole('heading', { level: 1, name: 'Flashcards H1: begrippen' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Typ je antwoord' }));
    // no 'Wist ik' while typing: the app judges
    expect(screen.queryByRole('button', { name: 'Wist ik' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Controleer' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Typ eerst je antwoord.');

    await user.type(screen.getByRole('textbox', { name: 'Jouw antwoord' }), 'beperkte midelen{Enter}');
    expect(screen.getByText('Goed, maar let op de spelling.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('group', { name: 'Kaart 1 van 2, Achterkant' })).toBeInTheDocument();
    expect(screen.getByText('Jouw antwoord: beperkte midelen')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Volgende kaart' }));
    expect(await screen.findByText('Kaart 2 van 2')).toBeInTheDocument();
    const call = fetchSpy.mock.calls.find(([url]) => String(url).endsWith(`/flashcard-sessions/${ID}/answer`));
    expect(JSON.parse(String(call![1]!.body))).toEqual({ position: 0, flashcardId: 'kaart-1', known: true, typedAnswer: 'beperkte midelen' });
    // the next card asks again
    expect(screen.getByRole('textbox', { name: 'Jouw antwoord' })).toHaveValue('');
    localStorage.removeItem('blok.flashcards.typed');
  });

  it('flips by Space with an announcement, answers by arrow key and hides the navigation bar', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    const answered = session({ currentIndex: 1, knownCount: 1, cards: [card(0, 'Wat is schaarste?', 'Beperkte middelen', { known: true }), session().cards[1]!] });
    const fetchSpy = mockApi([
      { path: `flashcard-sessions/${ID}`, body: session(), headers: { deviceid } },
      { method: 'POST', path: `flashcard-sessions/${ID}/answer`, body: answered, headers: { deviceid } },
    ]);
    await renderApp(`/bibliotheek/flashcards/${ID}/vak/set-a`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Flashcards H1: begrippen' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByText('Kaart 1 van 2')).toBeInTheDocument();
    const cardGroup = screen.getByRole('group', { name: 'Kaart 1 van 2, Voorkant' });
    expect(cardGroup).toHaveTextContent('Wat is schaarste?');

    const user = userEvent.setup();
    await user.keyboard(' ');
    expect(screen.getByRole('group', { name: 'Kaart 1 van 2, Achterkant' })).toBeInTheDocument();
    expect(screen.getByText('Achterkant: Beperkte middelen')).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText('Kaart 2 van 2')).toBeInTheDocument();
    // The next card opens on its front again.
    expect(screen.getByRole('group', { name: 'Kaart 2 van 2, Voorkant' })).toHaveTextContent('Wat is elasticiteit?');
    // Keyboard focus stays in the session, on the next card's flip button.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Draai om' })).toHaveFocus());
    const call = fetchSpy.mock.calls.find(([url]) => String(url).endsWith(`/flashcard-sessions/${ID}/answer`));
    expect(JSON.parse(String(call![1]!.body))).toEqual({ position: 0, flashcardId: 'kaart-1', known: true });
    expect(new Headers(call![1]!.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports a mistake in the card she sees, typing without flipping it', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    const fetchSpy = mockApi([
      { path: `flashcard-sessions/${ID}`, body: session(), headers: { deviceid } },
      { path: 'reports', body: { reports: [] }, headers: { deviceid } },
      {
        method: 'POST',
        path: 'reports',
        status: 201,
        body: { id: 'r1', kind: 'flashcard', itemId: 'kaart-1', subjectId: 'vak', itemTitle: 'Wat is schaarste?', message: 'Het antwoord is te kort.', status: 'open', createdAt: '2026-11-25T10:00:00.000Z', handledAt: null },
        headers: { deviceid },
      },
    ]);
    await renderApp(`/bibliotheek/flashcards/${ID}/vak/set-a`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Meld een fout' }));
    await user.type(screen.getByLabelText('Wat klopt er niet aan deze kaart?'), 'Het antwoord is te kort.');
    // Space in the text is a space, not a flip
    expect(screen.getByRole('group', { name: 'Kaart 1 van 2, Voorkant' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verstuur melding' }));
    expect(await screen.findByText('Bedankt voor je melding')).toBeInTheDocument();
    const call = fetchSpy.mock.calls.find(([url, init]) => String(url).endsWith('/reports') && init?.method === 'POST');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ kind: 'flashcard', itemId: 'kaart-1', message: 'Het antwoord is te kort.' });
  });

  it("answers 'Wist ik niet' by a left swipe and by its button, and asks before stopping", async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    const fetchSpy = mockApi([
      { path: `flashcard-sessions/${ID}`, body: session(), headers: { deviceid } },
      { method: 'POST', path: `flashcard-sessions/${ID}/answer`, body: session({ currentIndex: 1, unknownCount: 1 }), headers: { deviceid } },
    ]);
    const { router } = await renderApp(`/bibliotheek/flashcards/${ID}/vak`);
    const area = await screen.findByTestId('flashcard');
    fireEvent.pointerDown(area, { pointerId: 1, clientX: 200, clientY: 100, pointerType: 'touch' });
    fireEvent.pointerMove(area, { pointerId: 1, clientX: 120, clientY: 102, pointerType: 'touch' });
    fireEvent.pointerUp(area, { pointerId: 1, clientX: 120, clientY: 102, pointerType: 'touch' });
    await waitFor(() => expect(fetchSpy.mock.calls.some(([url]) => String(url).endsWith('/answer'))).toBe(true));
    const call = fetchSpy.mock.calls.find(([url]) => String(url).endsWith('/answer'));
    expect(JSON.parse(String(call![1]!.body))).toEqual({ position: 0, flashcardId: 'kaart-1', known: false });
    expect(await screen.findByText('Kaart 2 van 2')).toBeInTheDocument();

    // Every swipe has a button (WCAG 2.5.7).
    expect(screen.getByRole('button', { name: 'Wist ik niet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wist ik' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Stoppen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wil je stoppen?' });
    expect(dialog).toHaveTextContent('Je gaat later verder bij kaart 2.');
    await user.click(screen.getByRole('button', { name: 'Doorgaan met oefenen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Stoppen' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Stoppen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bibliotheek/flashcards-overview/vak'));
  });

  it("ends with the counts and repeats the cards she did not know in a new session", async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    const done = session({ currentIndex: 2, finished: true, knownCount: 1, unknownCount: 1 });
    mockApi([
      { path: `flashcard-sessions/${ID}`, body: done, headers: { deviceid } },
      { method: 'POST', path: `flashcard-sessions/${ID}/repeat`, status: 201, body: session({ id: NEXT_ID, cardCount: 1, cards: [card(0, 'Wat is elasticiteit?', 'Gevoeligheid voor de prijs')] }), headers: { deviceid } },
    ]);
    const { router } = await renderApp(`/bibliotheek/flashcards/${ID}/vak/set-a`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Klaar met deze ronde!' })).toBeInTheDocument();
    expect(screen.getByText('Wist ik niet').nextSibling).toHaveTextContent('1');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Herhaal de kaart die je niet wist' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/bibliotheek/flashcards/${NEXT_ID}/vak/set-a`));
    expect(await screen.findByRole('group', { name: 'Kaart 1 van 1, Voorkant' })).toHaveTextContent('Wat is elasticiteit?');
  });

  it('speaks of tapping and swiping on a touch device, of keys with a keyboard', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    mockApi([{ path: `flashcard-sessions/${ID}`, body: session(), headers: { deviceid } }]);
    const touch = (query: string) => ({ matches: query.includes('pointer: coarse'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList;
    vi.spyOn(window, 'matchMedia').mockImplementation(touch);
    const view = await renderApp(`/bibliotheek/flashcards/${ID}/vak/set-a`);
    expect(await screen.findByText('Tik op de kaart om hem om te draaien.')).toBeInTheDocument();
    expect(screen.getByText('Veeg naar links: wist ik niet · Veeg naar rechts: wist ik')).toBeInTheDocument();
    expect(screen.queryByText(/Pijl|spatie|Toetsen/)).toBeNull();
    view.unmount();

    vi.mocked(window.matchMedia).mockRestore();
    await renderApp(`/bibliotheek/flashcards/${ID}/vak/set-a`);
    expect(await screen.findByText('Pijl links: wist ik niet · Pijl rechts: wist ik')).toBeInTheDocument();
    expect(screen.getByText('Klik op de kaart of druk op spatie om hem om te draaien.')).toBeInTheDocument();
  });

  it('counts one card in the singular at the end of a round', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    const one = session({ cardCount: 1, currentIndex: 1, finished: true, knownCount: 1, cards: [card(0, 'Wat is schaarste?', 'Beperkte middelen', { known: true })] });
    mockApi([{ path: `flashcard-sessions/${ID}`, body: one, headers: { deviceid } }]);
    await renderApp(`/bibliotheek/flashcards/${ID}/vak/set-a`);
    expect(await screen.findByText('Je hebt de enige kaart van Flashcards H1: begrippen gehad.')).toBeInTheDocument();
    expect(screen.queryByText(/alle 1 kaarten/)).toBeNull();
  });

  it('shows a Dutch not-found message for an unknown session', async () => {
    await signIn(testTokens);
    mockApi([]);
    await renderApp(`/bibliotheek/flashcards/${ID}/vak`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze flashcardsessie bestaat niet.');
    expect(screen.getByRole('link', { name: 'Naar de flashcards' })).toHaveAttribute('href', '/bibliotheek/flashcards-overview/vak');
  });

  it('rates FSRS cards after the answer is shown, each button with its next interval', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    const intervals = { again: 60, hard: 360, good: 600, easy: 3 * 86_400 };
    const review = session({ source: 'review', flashcardSetId: null, title: 'Herhalen: Testvak', cards: session().cards.map((c) => ({ ...c, scheduleVersion: 0, intervals })) });
    const fetchSpy = mockApi([
      { path: `flashcard-sessions/${ID}`, body: review, headers: { deviceid } },
      { method: 'POST', path: `flashcard-sessions/${ID}/rate`, body: { ...review, currentIndex: 1 }, headers: { deviceid } },
    ]);
    await renderApp(`/bibliotheek/flashcards/${ID}/vak`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Toon antwoord/ }));
    expect(screen.getByRole('button', { name: 'Opnieuw, volgende keer over 1 minuut' })).toHaveTextContent('1 min');
    expect(screen.getByRole('button', { name: 'Makkelijk, volgende keer over 3 dagen' })).toHaveTextContent('3 dagen');
    expect(screen.queryByRole('button', { name: 'Wist ik' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Goed, volgende keer over 10 minuten' }));
    await waitFor(() => expect(fetchSpy.mock.calls.some(([url]) => String(url).endsWith('/rate'))).toBe(true));
    const call = fetchSpy.mock.calls.find(([url]) => String(url).endsWith('/rate'));
    expect(JSON.parse(String(call![1]!.body))).toMatchObject({ position: 0, flashcardId: 'kaart-1', rating: 3, scheduleVersion: 0 });
  });
});
