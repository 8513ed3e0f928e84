import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderApp } from '../../../testing/test-utils.tsx';

const callsTo = (spy: ReturnType<typeof mockApi>, path: string) => spy.mock.calls.filter(([url]) => String(url) === `/api/${path}`);

describe('Forgot password', () => {
  it("asks the API for a link, confirms with the 'Link verzonden' popup, then goes back to login", async () => {
    const fetchSpy = mockApi([{ method: 'POST', path: 'auth/forgot-password', status: 202, body: { sent: true } }]);
    const { router } = await renderApp('/auth/forgot-password');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Verstuur link' }));
    expect(await screen.findByText('Je moet een e-mailadres invoeren')).toBeInTheDocument();
    expect(callsTo(fetchSpy, 'auth/forgot-password')).toHaveLength(0);

    await user.type(screen.getByLabelText('E-mailadres'), 'student@example.nl');
    await user.click(screen.getByRole('button', { name: 'Verstuur link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link verzonden' });
    expect(dialog).toHaveTextContent('student@example.nl');
    const [call] = callsTo(fetchSpy, 'auth/forgot-password');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ email: 'student@example.nl' });

    await user.click(screen.getByRole('button', { name: 'Terug naar inloggen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Inloggen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('says so when there were too many requests', async () => {
    mockApi([{ method: 'POST', path: 'auth/forgot-password', status: 429, body: { error: 'too_many_requests', error_description: 'Te veel aanvragen. Probeer het over 15 minuten opnieuw.' } }]);
    await renderApp('/auth/forgot-password');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mailadres'), 'student@example.nl');
    await user.click(screen.getByRole('button', { name: 'Verstuur link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Te veel aanvragen. Probeer het over 15 minuten opnieuw.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Reset password', () => {
  it('checks the security policy and the confirmation, sends the token, then shows success and the password-changed notice on login', async () => {
    const fetchSpy = mockApi([{ method: 'POST', path: 'auth/reset-password', status: 204 }]);
    await renderApp('/auth/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nieuw wachtwoord'), 'Sterk!wachtwoord1');
    await user.type(screen.getByLabelText('Herhaal nieuw wachtwoord'), 'Anders!wachtwoord1');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(await screen.findByText('Deze wachtwoorden komen niet overeen')).toBeInTheDocument();
    expect(callsTo(fetchSpy, 'auth/reset-password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Herhaal nieuw wachtwoord'));
    await user.type(screen.getByLabelText('Herhaal nieuw wachtwoord'), 'Sterk!wachtwoord1');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(await screen.findByRole('dialog', { name: 'Wachtwoord gewijzigd' })).toBeInTheDocument();
    const [call] = callsTo(fetchSpy, 'auth/reset-password');
    expect(JSON.parse(String(call![1]!.body))).toEqual({
      token: 'abcdefghijklmnopqrstuvwxyz0123456789',
      password: 'Sterk!wachtwoord1',
      passwordConfirmation: 'Sterk!wachtwoord1',
    });

    await user.click(screen.getByRole('button', { name: 'Naar inloggen' }));
    expect(await screen.findByText('Je wachtwoord is gewijzigd. Log in met je nieuwe wachtwoord.')).toBeInTheDocument();
  });

  it('offers a new link when the link was used or expired, and when it is missing', async () => {
    mockApi([
      {
        method: 'POST',
        path: 'auth/reset-password',
        status: 400,
        body: { error: 'invalid_reset_token', error_description: 'Deze link is verlopen of al gebruikt. Vraag een nieuwe link aan.' },
      },
    ]);
    const view = await renderApp('/auth/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nieuw wachtwoord'), 'Sterk!wachtwoord1');
    await user.type(screen.getByLabelText('Herhaal nieuw wachtwoord'), 'Sterk!wachtwoord1');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze link is verlopen of al gebruikt.');
    expect(screen.getByRole('link', { name: 'Vraag een nieuwe link aan' })).toHaveAttribute('href', '/auth/forgot-password');
    view.unmount();

    await renderApp('/auth/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent('Open deze pagina via de link in de e-mail die we je stuurden.');
    expect(screen.getByRole('button', { name: 'Wachtwoord opslaan' })).toBeDisabled();
  });
});
