import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signIn } from '../../../lib/auth/session.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { failQueriesAtOnce, mockApi, renderApp } from '../../../testing/test-utils.tsx';
import { testTokens } from '../../../testing/fixtures.ts';
import { makeSetList, makeSetSummary } from '../test-data.ts';

const anatomy = makeSetSummary({ id: 'set-a', title: 'Anatomie', cardCount: 4, knownCount: 1, progress: 25, subjectId: 'anatomie', subjectTitle: 'Anatomie' });
const words = makeSetSummary({ id: 'set-b', title: 'Woordjes', cardCount: 2, shared: true });

async function signedIn(routes: Parameters<typeof mockApi>[0]) {
  await signIn(testTokens);
  const deviceid = getDeviceId();
  return mockApi(routes.map((r) => ({ ...r, headers: { deviceid, ...r.headers } })));
}

describe('her sets (Mijn kaarten)', () => {
  it('lists her sets in her order with their subject, counts and share state', async () => {
    await signedIn([{ path: 'own-flashcard-sets', body: makeSetList([anatomy, words]) }]);
    await renderApp('/kaarten');
    const items = (await screen.findAllByRole('heading', { level: 3 })).map((h) => h.textContent);
    expect(items).toEqual(['Anatomie', 'Woordjes']);
    const first = screen.getByRole('link', { name: 'Anatomie openen' });
    expect(first).toHaveAttribute('href', '/kaarten/set-a');
    expect(screen.getByText('1 van 4 gekend')).toBeInTheDocument();
    expect(screen.getByText('Gedeeld')).toBeInTheDocument();
    expect(screen.getByText('Persoonlijk')).toBeInTheDocument();
    expect(screen.getByText('Kaarten gebruikt: 6 van de 2000.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Importeren' })).toHaveAttribute('href', '/kaarten/importeren');
  });

  it('says when she has no sets yet, and when they cannot be loaded', async () => {
    await signedIn([{ path: 'own-flashcard-sets', body: makeSetList([]) }]);
    const app = await renderApp('/kaarten');
    expect(await screen.findByText('Je hebt nog geen eigen sets. Maak hieronder je eerste set.')).toBeInTheDocument();
    app.unmount();

    failQueriesAtOnce();
    await signedIn([{ path: 'own-flashcard-sets', status: 503, body: { error: 'database_unavailable', error_description: 'Even niet.' } }]);
    await renderApp('/kaarten');
    expect(await screen.findByRole('alert')).toHaveTextContent('Je sets konden niet worden geladen. Probeer het later opnieuw.');
  });

  it('moves a set with ↓ and keeps focus on it', async () => {
    const spy = await signedIn([
      { path: 'own-flashcard-sets', body: makeSetList([anatomy, words]) },
      { method: 'PUT', path: 'own-flashcard-sets/order', body: makeSetList([words, anatomy]) },
    ]);
    await renderApp('/kaarten');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Anatomie omlaag' }));
    // at the bottom its ↓ is disabled: focus goes to its ↑
    await waitFor(() => expect(screen.getByRole('button', { name: 'Anatomie omhoog' })).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Anatomie omlaag' })).toBeDisabled();
    expect(screen.getByText('Anatomie staat nu op plaats 2.')).toBeInTheDocument();
    const call = spy.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ setIds: ['set-b', 'set-a'] });
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Woordjes', 'Anatomie']);
  });
});
