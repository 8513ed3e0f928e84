import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signIn } from '../../../lib/auth/session.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { mockApi, renderApp } from '../../../testing/test-utils.tsx';
import { testTokens } from '../../../testing/fixtures.ts';
import { SET_ID, makeCard, makeSetList, makeSetSummary } from '../test-data.ts';

const fromReader = `/kaarten/nieuw?${new URLSearchParams({ achterkant: 'de wetenschap van gedrag', hoofdstuk: 'h1', samenvatting: 'sam' })}`;

async function signedIn(routes: Parameters<typeof mockApi>[0]) {
  await signIn(testTokens);
  const deviceid = getDeviceId();
  return mockApi(routes.map((r) => ({ ...r, headers: { deviceid, ...r.headers } })));
}

describe('the card editor', () => {
  it('from the reader\'s "Maak flashcard": the selection on the back, "Terug" to the chapter, and back in the chapter after saving', async () => {
    const saved = makeCard(1, { front: { markdown: 'Wat is psychologie?', html: '<p>Wat is psychologie?</p>', pictureUrl: null }, chapterId: 'h1', summaryId: 'sam' });
    const spy = await signedIn([
      { path: 'own-flashcard-sets', body: makeSetList([makeSetSummary({ title: 'Psychologie' })]) },
      { method: 'POST', path: `own-flashcard-sets/${SET_ID}/cards`, status: 201, body: saved },
    ]);
    const { router } = await renderApp(fromReader);
    expect(await screen.findByRole('heading', { level: 1, name: 'Nieuwe kaart' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terug naar het hoofdstuk' })).toHaveAttribute('href', '/summary/read/sam/h1');
    // the form comes once her sets are read (the heading and 'Terug' come before)
    expect(await screen.findByText('Deze kaart wordt gekoppeld aan het hoofdstuk dat je las.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Achterkant/ })).toHaveValue('de wetenschap van gedrag');

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Voorkant/ }), 'Wat is psychologie?');
    await user.click(screen.getByRole('button', { name: 'Kaart opslaan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/summary/read/sam/h1'));
    const call = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(call![1]!.body))).toMatchObject({ front: 'Wat is psychologie?', back: 'de wetenschap van gedrag', chapterId: 'h1', summaryId: 'sam' });
  });

  it('opened from her cards: "Terug" goes to her sets and saving opens the set', async () => {
    await signedIn([
      { path: 'own-flashcard-sets', body: makeSetList([makeSetSummary({ title: 'Psychologie' })]) },
      { method: 'POST', path: `own-flashcard-sets/${SET_ID}/cards`, status: 201, body: makeCard(1) },
    ]);
    const { router } = await renderApp('/kaarten/nieuw');
    expect(await screen.findByRole('link', { name: 'Terug' })).toHaveAttribute('href', '/kaarten');
    const user = userEvent.setup();
    // the form comes once her sets are read (the header and its 'Terug' come before)
    await user.click(await screen.findByRole('button', { name: 'Kaart opslaan' }));
    // both sides are needed
    expect(await screen.findByText('Schrijf iets op de voorkant.')).toBeInTheDocument();
    expect(screen.getByText('Schrijf iets op de achterkant.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Voorkant/ }), 'Voorkant 1');
    await user.type(screen.getByRole('textbox', { name: /Achterkant/ }), 'Achterkant 1');
    await user.click(screen.getByRole('button', { name: 'Kaart opslaan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/kaarten/${SET_ID}`));
  });
});
