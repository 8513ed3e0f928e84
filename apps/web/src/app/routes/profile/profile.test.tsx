import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
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
    // Without her password nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Ja, verwijder mijn account' }));
    expect(await within(dialog).findByText('Je moet een wachtwoord invoeren')).toBeInTheDocument();
    expect(fetchSpy.mock.calls.some(([url, init]) => String(url) === '/api/user/profile' && init?.method === 'DELETE')).toBe(false);
    await user.type(within(dialog).getByLabelText('Je wachtwoord'), 'Geheim#2024');
    await user.click(within(dialog).getByRole('button', { name: 'Ja, verwijder mijn account' }));

    // It ends on a Dutch confirmation, signed out, not on a bare login.
    expect(await screen.findByRole('heading', { level: 1, name: 'Je account is verwijderd' })).toBeInTheDocument();
    expect(screen.getByText(/^Je account en al je gegevens zijn definitief verwijderd/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/account-deleted');
    expect(screen.getByRole('link', { name: 'Nieuw account aanmaken' })).toHaveAttribute('href', '/auth/register');
    expect(bodyOf(fetchSpy, 'DELETE', 'user/profile')).toEqual({ password: 'Geheim#2024' });
    expect(localStorage.getItem('is_authenticated')).toBeNull();
  });

  it('says under the password field when the password to delete the account is wrong, and keeps the account', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    mockApi([
      { path: 'user/profile', body: testProfile, headers: { deviceid } },
      { method: 'DELETE', path: 'user/profile', status: 400, body: { error: 'invalid_current_password', error_description: 'Dit wachtwoord klopt niet.' }, headers: { deviceid } },
      { path: 'catalogue', body: testCatalogue },
    ]);
    const { router } = await renderApp('/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account verwijderen?' });
    await user.type(within(dialog).getByLabelText('Je wachtwoord'), 'Verkeerd#1');
    await user.click(within(dialog).getByRole('button', { name: 'Ja, verwijder mijn account' }));
    expect(await within(dialog).findByText('Dit wachtwoord klopt niet.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Je wachtwoord')).toHaveAccessibleDescription(expect.stringContaining('Dit wachtwoord klopt niet.'));
    expect(router.state.location.pathname).toBe('/profile');
    expect(localStorage.getItem('is_authenticated')).toBe('true');
  });

  it('shows the confirmation screen only after a deletion', async () => {
    const { router } = await renderApp('/auth/account-deleted');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
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

describe('Profile field errors (issue 26)', () => {
  async function profileForm(put?: { status: number; body: unknown }) {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    const fetchSpy = mockApi([
      { path: 'user/profile', body: testProfile, headers: { deviceid } },
      { method: 'PUT', path: 'user/profile', ...(put ?? { status: 200, body: testProfile }), headers: { deviceid } },
      { path: 'catalogue', body: testCatalogue },
    ]);
    await renderApp('/profile');
    const form = await screen.findByRole('region', { name: 'Persoonlijke gegevens' });
    return { fetchSpy, form, user: userEvent.setup() };
  }

  it('catches digits in the first name in the form, under that field, in Dutch, before any request', async () => {
    const { fetchSpy, form, user } = await profileForm();
    const firstName = within(form).getByLabelText('Voornaam');
    await user.clear(firstName);
    await user.type(firstName, 'Sanne2');
    await user.click(within(form).getByRole('button', { name: 'Gegevens opslaan' }));
    expect(await within(form).findByText('Gebruik alleen letters, spaties, streepjes en apostroffen')).toBeInTheDocument();
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription('Gebruik alleen letters, spaties, streepjes en apostroffen');
    expect(within(form).queryByText(/firstName|Ongeldige invoer/)).toBeNull();
    expect(bodyOf(fetchSpy, 'PUT', 'user/profile')).toBeUndefined();
  });

  it("puts the server's field error under its own field, never the server's field name", async () => {
    const { form, user } = await profileForm({
      status: 400,
      body: { error: 'invalid_request', error_description: 'Gebruik maximaal 80 tekens.', fields: [{ field: 'lastName', message: 'Gebruik maximaal 80 tekens' }] },
    });
    await user.type(within(form).getByLabelText('Voornaam'), 'Sanne');
    await user.click(within(form).getByRole('button', { name: 'Gegevens opslaan' }));
    const lastName = within(form).getByLabelText('Achternaam');
    await waitFor(() => expect(lastName).toHaveAccessibleDescription('Gebruik maximaal 80 tekens'));
    expect(lastName).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).queryByText(/lastName|Ongeldige invoer/)).toBeNull();
    // the field's message is not repeated as a general error
    expect(within(form).getAllByText(/Gebruik maximaal 80 tekens/)).toHaveLength(1);
  });
});
