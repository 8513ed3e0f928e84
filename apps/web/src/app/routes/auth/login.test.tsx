import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTO_LOGOUT_FLAG_KEY } from '../../../lib/auth/session.ts';
import { mockApi, renderApp } from '../../../testing/test-utils.tsx';
import { testProfile, testTokens } from '../../../testing/fixtures.ts';

const OLD_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Safari/605.1.15';

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-mailadres'), email);
  await user.type(screen.getByLabelText('Wachtwoord'), password);
  await user.click(screen.getByRole('button', { name: 'Inloggen' }));
  return user;
}

describe('Login screen', () => {
  it('shows the Dutch invalid_credentials text under the password field and puts both fields in error', async () => {
    const fetchSpy = mockApi([
      {
        method: 'POST',
        path: 'auth/login',
        status: 400,
        body: { error: 'invalid_credentials', error_description: 'Invalid username and password combination' },
      },
    ]);
    await renderApp('/auth/login');
    await fillAndSubmit('student@example.nl', 'verkeerd-wachtwoord');

    const message = 'Ongeldige combinatie van gebruikersnaam en wachtwoord';
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);

    const password = screen.getByLabelText('Wachtwoord');
    const email = screen.getByLabelText('E-mailadres');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(message);
    expect(email).toHaveAccessibleDescription(message);
    // The message sits right under the password field, in its field group.
    expect(password.closest('div')?.parentElement).toContainElement(alert);

    const body = fetchSpy.mock.calls[0]?.[1]?.body as FormData;
    expect(body.get('grant_type')).toBe('password');
    expect(body.get('client_secret')).toBe('');
    expect(body.get('username')).toBe('student@example.nl');
    expect(body.get('device_id')).toBe(localStorage.getItem('device_id'));
  });

  it("shows the server's own Dutch text for too_many_requests", async () => {
    mockApi([
      {
        method: 'POST',
        path: 'auth/login',
        status: 429,
        headers: { 'retry-after': '60' },
        body: { error: 'too_many_requests', error_description: 'Te veel inlogpogingen. Probeer het over een minuut opnieuw.' },
      },
    ]);
    await renderApp('/auth/login');
    await fillAndSubmit('student@example.nl', 'wachtwoord');
    expect(await screen.findByRole('alert')).toHaveTextContent('Te veel inlogpogingen. Probeer het over een minuut opnieuw.');
  });

  it('validates with the Dutch rule messages before sending anything', async () => {
    const fetchSpy = mockApi([]);
    await renderApp('/auth/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByText('Je moet een e-mailadres invoeren')).toBeInTheDocument();
    expect(screen.getByText('Je moet een wachtwoord invoeren')).toBeInTheDocument();

    await user.type(screen.getByLabelText('E-mailadres'), 'geen-adres');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByText('Voer een geldig e-mailadres in')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('stores the session, loads the profile and opens Home on success', async () => {
    sessionStorage.setItem(AUTO_LOGOUT_FLAG_KEY, '1');
    const fetchSpy = mockApi([
      { method: 'POST', path: 'auth/login', body: testTokens },
      { path: 'user/profile', body: testProfile },
    ]);
    const { router } = await renderApp('/auth/login');
    expect(await screen.findByText('Je bent uitgelogd omdat er op een ander apparaat is ingelogd met jouw account.')).toBeInTheDocument();
    await fillAndSubmit('student@example.nl', 'Geheim123!');

    // Home's route module is transformed on its first import: seconds on a loaded machine
    expect(await screen.findByRole('heading', { level: 1, name: 'Welkom terug' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(fetchSpy.mock.calls.some(([url]) => String(url) === '/api/user/profile')).toBe(true);
    expect(router.state.location.pathname).toBe('/home');
    expect(localStorage.getItem('is_authenticated')).toBe('true');
    expect(localStorage.getItem('keep_me_logged_in')).toBe('1');
    expect(sessionStorage.getItem(AUTO_LOGOUT_FLAG_KEY)).toBeNull();
  });

  it('returns her to the deep link she opened while signed out', async () => {
    mockApi([
      { method: 'POST', path: 'auth/login', body: testTokens },
      { path: 'user/profile', body: testProfile },
    ]);
    const { router } = await renderApp('/bibliotheek/subject/anatomie?tab=vragen');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.search).toBe(`?redirectTo=${encodeURIComponent('/bibliotheek/subject/anatomie?tab=vragen')}`);
    await fillAndSubmit('student@example.nl', 'Geheim123!');
    await waitFor(() => expect(router.state.location.pathname).toBe('/bibliotheek/subject/anatomie'));
    expect(router.state.location.search).toBe('?tab=vragen');
  });

  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example', '/logout', '/auth/login?redirectTo=/x'])('goes to Home, not to redirectTo=%s', async (target) => {
    mockApi([
      { method: 'POST', path: 'auth/login', body: testTokens },
      { path: 'user/profile', body: testProfile },
    ]);
    const { router } = await renderApp(`/auth/login?redirectTo=${encodeURIComponent(target)}`);
    await fillAndSubmit('student@example.nl', 'Geheim123!');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('stays on login with the automatic-logout notice when another device took over right away', async () => {
    mockApi([
      { method: 'POST', path: 'auth/login', body: testTokens },
      { path: 'user/profile', body: testProfile, headers: { deviceid: 'other-device-0042' } },
    ]);
    const { router } = await renderApp('/auth/login');
    await fillAndSubmit('student@example.nl', 'Geheim123!');
    expect(await screen.findByText('Je bent uitgelogd omdat er op een ander apparaat is ingelogd met jouw account.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(screen.getByRole('button', { name: 'Inloggen' })).toBeEnabled();
  });

  it('shows the password-changed notice for 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi([]);
    const { router } = await renderApp('/auth/reset-password');
    await screen.findByRole('heading', { name: 'Nieuw wachtwoord instellen' });
    await act(() => router.navigate('/auth/login', { state: { passwordChanged: true } }));
    const notice = await screen.findByText('Je wachtwoord is gewijzigd. Log in met je nieuwe wachtwoord.');
    expect(notice).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(notice).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(screen.queryByText('Je wachtwoord is gewijzigd. Log in met je nieuwe wachtwoord.')).toBeNull());
  });

  it('warns users of Safari below 17 with a dismissable modal', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(OLD_SAFARI);
    mockApi([]);
    await renderApp('/auth/login');
    const dialog = await screen.findByRole('dialog', { name: 'Verouderde versie van Safari gedetecteerd' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ik snap het' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('offers the forgot-password and register links, and login-temporary uses the same login call', async () => {
    const fetchSpy = mockApi([{ method: 'POST', path: 'auth/login', status: 400, body: { error: 'invalid_credentials', error_description: '' } }]);
    await renderApp('/auth/login-temporary');
    expect(await screen.findByRole('link', { name: 'Wachtwoord vergeten?' })).toHaveAttribute('href', '/auth/forgot-password');
    expect(screen.getByRole('link', { name: 'Maak een account aan' })).toHaveAttribute('href', '/auth/register');
    await fillAndSubmit('student@example.nl', 'x');
    await screen.findByRole('alert');
    expect(String(fetchSpy.mock.calls[0]?.[0])).toBe('/api/auth/login');
  });
});
