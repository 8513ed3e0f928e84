import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signIn } from '../../../lib/auth/session.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { mockApi, renderApp } from '../../../testing/test-utils.tsx';
import { testCatalogue, testProfile, testTokens } from '../../../testing/fixtures.ts';

describe('Profile', () => {
  it('shows the profile with study names and the default picture, and deletes the account after confirmation', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    const fetchSpy = mockApi([
      { path: 'user/profile', body: testProfile, headers: { deviceid } },
      { method: 'DELETE', path: 'user/profile', status: 204, headers: { deviceid } },
      { path: 'catalogue', body: testCatalogue },
      { method: 'POST', path: 'auth/logout', status: 400, body: { error: 'invalid_grant', error_description: '' } },
    ]);
    const { router } = await renderApp('/profile');

    const card = await screen.findByRole('region', { name: 'Je account' });
    expect(within(card).getAllByText('student@example.nl').length).toBeGreaterThan(0);
    expect(await within(card).findByText('Universiteit van Amsterdam')).toBeInTheDocument();
    expect(within(card).getByText('Psychologie')).toBeInTheDocument();
    expect(within(card).getByText('Bachelor 1')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Profielfoto' })).toHaveAttribute('src', '/images/default-profile.svg');
    expect(screen.getByRole('link', { name: 'Uitloggen' })).toHaveAttribute('href', '/logout');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Account verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account verwijderen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja, verwijder mijn account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Inloggen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(fetchSpy.mock.calls.some(([url, init]) => String(url) === '/api/user/profile' && init?.method === 'DELETE')).toBe(true);
    expect(localStorage.getItem('is_authenticated')).toBeNull();
  });
});
