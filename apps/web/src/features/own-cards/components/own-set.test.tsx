import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { signIn } from '../../../lib/auth/session.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { mockApi, renderApp } from '../../../testing/test-utils.tsx';
import { testTokens } from '../../../testing/fixtures.ts';

const SET_ID = '0190b000-0000-7000-8000-000000000001';
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
