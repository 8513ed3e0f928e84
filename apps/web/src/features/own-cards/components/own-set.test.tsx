import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signIn } from '../../../lib/auth/session.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { mockApi, renderApp } from '../../../testing/test-utils.tsx';
import { testTokens } from '../../../testing/fixtures.ts';
import { SET_ID, makeCard, makeSet } from '../test-data.ts';

const missing = { status: 404, body: { error: 'not_found', error_description: 'Deze set bestaat niet.' } };

describe('a missing set of her own', () => {
  it('says the set does not exist and leads to her sets, on the set and on its study screen', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    mockApi([{ path: `own-flashcard-sets/${SET_ID}`, ...missing, headers: { deviceid } }]);
    const app = await renderApp(`/kaarten/${SET_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze set bestaat niet (meer).');
    expect(screen.getByRole('link', { name: 'Naar mijn kaarten' })).toHaveAttribute('href', '/kaarten');
    app.unmount();

    await renderApp(`/kaarten/${SET_ID}/oefenen`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze set bestaat niet (meer).');
    expect(screen.getByRole('link', { name: 'Naar mijn kaarten' })).toHaveAttribute('href', '/kaarten');
  });

  it('says a missing card does not exist and leads back to its set', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    mockApi([{ path: `own-flashcard-sets/${SET_ID}`, ...missing, headers: { deviceid } }]);
    await renderApp(`/kaarten/${SET_ID}/kaart/c1`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze kaart bestaat niet (meer).');
    expect(screen.getByRole('link', { name: 'Naar mijn kaarten' })).toHaveAttribute('href', '/kaarten');
  });
});

describe('reordering her cards', () => {
  it('keeps keyboard focus on the moved card\'s button, and on its other button at the end of the list', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    const [one, two, three] = [makeCard(1), makeCard(2), makeCard(3)];
    const spy = mockApi([
      { path: `own-flashcard-sets/${SET_ID}`, body: makeSet([one!, two!, three!]), headers: { deviceid } },
      { method: 'PUT', path: `own-flashcard-sets/${SET_ID}/card-order`, body: makeSet([two!, one!, three!]), headers: { deviceid } },
    ]);
    await renderApp(`/kaarten/${SET_ID}`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Kaart 1 omlaag' }));
    // the first card is now the second: its ↓ keeps focus
    await waitFor(() => expect(screen.getByRole('button', { name: 'Kaart 2 omlaag' })).toHaveFocus());
    expect(screen.getByText('Kaart staat nu op plaats 2.')).toBeInTheDocument();
    const order = spy.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(order![1]!.body))).toEqual({ cardIds: [two!.id, one!.id, three!.id] });

    // back up by keyboard: at the top its ↑ is disabled, so its ↓ has focus
    spy.mockImplementation(async (_input: RequestInfo | URL, init?: RequestInit) =>
      new Response(JSON.stringify(init?.method === 'PUT' ? makeSet([one!, two!, three!]) : makeSet([two!, one!, three!])), {
        status: 200,
        headers: { 'content-type': 'application/json', deviceid },
      }),
    );
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(screen.getByRole('button', { name: 'Kaart 2 omhoog' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Kaart 1 omlaag' })).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Kaart 1 omhoog' })).toBeDisabled();
  });
});
