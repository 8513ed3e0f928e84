import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderApp } from '../../../testing/test-utils.tsx';

describe('Forgot password', () => {
  it("confirms with the 'Link verzonden' popup without sending a request, then goes back to login", async () => {
    const fetchSpy = mockApi([]);
    const { router } = await renderApp('/auth/forgot-password');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Verstuur link' }));
    expect(await screen.findByText('Je moet een e-mailadres invoeren')).toBeInTheDocument();

    await user.type(screen.getByLabelText('E-mailadres'), 'student@example.nl');
    await user.click(screen.getByRole('button', { name: 'Verstuur link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link verzonden' });
    expect(dialog).toHaveTextContent('student@example.nl');
    expect(fetchSpy).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Terug naar inloggen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Inloggen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });
});

describe('Reset password', () => {
  it('checks the security policy and the confirmation, then shows success and the password-changed notice on login', async () => {
    mockApi([]);
    await renderApp('/auth/reset-password');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nieuw wachtwoord'), 'Sterk!wachtwoord1');
    await user.type(screen.getByLabelText('Herhaal nieuw wachtwoord'), 'Anders!wachtwoord1');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(await screen.findByText('Deze wachtwoorden komen niet overeen')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Herhaal nieuw wachtwoord'));
    await user.type(screen.getByLabelText('Herhaal nieuw wachtwoord'), 'Sterk!wachtwoord1');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(await screen.findByRole('dialog', { name: 'Wachtwoord gewijzigd' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Naar inloggen' }));
    expect(await screen.findByText('Je wachtwoord is gewijzigd. Log in met je nieuwe wachtwoord.')).toBeInTheDocument();
  });
});
