import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signIn } from '../../../lib/auth/session.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { mockApi, renderApp } from '../../../testing/test-utils.tsx';
import { testCatalogue, testProfile, testTokens } from '../../../testing/fixtures.ts';

function bodyOf(spy: ReturnType<typeof mockApi>, method: string, path: string): unknown {
  const call = spy.mock.calls.find(([url, init]) => String(url) === `/api/${path}` && init?.method === method);
  return call ? JSON.parse(String(call[1]!.body)) : undefined;
}

describe('Profile', () => {
  it('shows the profile with the default picture, and deletes the account after confirmation', async () => {
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
    expect(within(card).getByText('student@example.nl')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Profielfoto' })).toHaveAttribute('src', '/images/default-profile.svg');
    expect(await screen.findByRole('combobox', { name: 'Universiteit' })).toHaveTextContent('Universiteit van Amsterdam');
    expect(screen.getByRole('combobox', { name: 'Studie' })).toHaveTextContent('Psychologie');
    expect(screen.getByRole('combobox', { name: 'Jaar' })).toHaveTextContent('Bachelor 1');
    expect(screen.getByRole('link', { name: 'Uitloggen' })).toHaveAttribute('href', '/logout');
    expect(screen.getByRole('link', { name: 'Zo werkt Blok' })).toHaveAttribute('href', '/tutorial');
    const subscription = screen.getByRole('region', { name: 'Abonnement' });
    expect(within(subscription).getByRole('link', { name: 'Bekijk Blok Premium' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Account verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account verwijderen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja, verwijder mijn account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Inloggen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(fetchSpy.mock.calls.some(([url, init]) => String(url) === '/api/user/profile' && init?.method === 'DELETE')).toBe(true);
    expect(localStorage.getItem('is_authenticated')).toBeNull();
  });

  it('saves the name with the study choice and shows the new name', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    const saved = { ...testProfile, firstName: 'Sanne', middleName: 'van', lastName: 'Dijk' };
    const fetchSpy = mockApi([
      { path: 'user/profile', body: testProfile, headers: { deviceid } },
      { method: 'PUT', path: 'user/profile', body: saved, headers: { deviceid } },
      { path: 'catalogue', body: testCatalogue },
    ]);
    await renderApp('/profile');
    const user = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Persoonlijke gegevens' });
    await user.click(within(form).getByRole('button', { name: 'Gegevens opslaan' }));
    expect(await within(form).findByText('Je moet een naam invoeren')).toBeInTheDocument();
    expect(bodyOf(fetchSpy, 'PUT', 'user/profile')).toBeUndefined();

    await user.type(within(form).getByLabelText('Voornaam'), 'Sanne');
    await user.type(within(form).getByLabelText('Tussenvoegsel'), 'van');
    await user.type(within(form).getByLabelText('Achternaam'), 'Dijk');
    await user.click(within(form).getByRole('button', { name: 'Gegevens opslaan' }));
    expect(await within(form).findByText('Je gegevens zijn opgeslagen.')).toBeInTheDocument();
    expect(bodyOf(fetchSpy, 'PUT', 'user/profile')).toEqual({ firstName: 'Sanne', middleName: 'van', lastName: 'Dijk', university: 'uva', study: 'psy', year: 'b1' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Sanne van Dijk' })).toBeInTheDocument();
  });

  it('checks the new password in the form and shows a wrong current password at its field', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    const fetchSpy = mockApi([
      { path: 'user/profile', body: testProfile, headers: { deviceid } },
      { path: 'catalogue', body: testCatalogue },
      {
        method: 'PUT',
        path: 'user/password',
        status: 400,
        body: { error: 'invalid_current_password', error_description: 'Je huidige wachtwoord klopt niet.' },
        headers: { deviceid },
      },
    ]);
    await renderApp('/profile');
    const user = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Wachtwoord wijzigen' });
    await user.type(within(form).getByLabelText('Huidig wachtwoord'), 'Oud#wachtwoord1');
    await user.type(within(form).getByLabelText('Nieuw wachtwoord'), 'zwak');
    await user.type(within(form).getByLabelText('Herhaal nieuw wachtwoord'), 'anders');
    await user.click(within(form).getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(await within(form).findByText('Dit wachtwoord komt niet overeen met het veiligheidsbeleid')).toBeInTheDocument();
    expect(within(form).getByText('Deze wachtwoorden komen niet overeen')).toBeInTheDocument();
    expect(bodyOf(fetchSpy, 'PUT', 'user/password')).toBeUndefined();

    await user.clear(within(form).getByLabelText('Nieuw wachtwoord'));
    await user.type(within(form).getByLabelText('Nieuw wachtwoord'), 'Nieuw#wachtwoord2');
    await user.clear(within(form).getByLabelText('Herhaal nieuw wachtwoord'));
    await user.type(within(form).getByLabelText('Herhaal nieuw wachtwoord'), 'Nieuw#wachtwoord2');
    await user.click(within(form).getByRole('button', { name: 'Wachtwoord wijzigen' }));
    expect(await within(form).findByText('Je huidige wachtwoord klopt niet.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Huidig wachtwoord')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a picture of the wrong type or over 5 MB before uploading', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    const fetchSpy = mockApi([
      { path: 'user/profile', body: testProfile, headers: { deviceid } },
      { path: 'catalogue', body: testCatalogue },
    ]);
    await renderApp('/profile');
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByLabelText('Foto wijzigen');
    await user.upload(input, new File(['gif'], 'foto.gif', { type: 'image/gif' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Gebruik een bestand van het type: jpg, jpeg, png, webp');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'groot.jpg', { type: 'image/jpeg' });
    await user.upload(input, big);
    expect(await screen.findByText(/Het bestand mag maximaal 5 MB groot zijn/)).toBeInTheDocument();
    expect(fetchSpy.mock.calls.some(([url]) => String(url).includes('user/profile/picture'))).toBe(false);
  });
});
