import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderApp } from '../../testing/test-utils.tsx';

describe('Tutorial', () => {
  it('walks through the steps with next and previous, not signed in, and ends at registration', async () => {
    mockApi([]);
    const { router } = await renderApp('/tutorial');
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Je bibliotheek' })).toBeInTheDocument();
    expect(screen.getByText('Zo werkt Blok · Stap 1 van 7')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Vorige' })).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Volgende' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Samenvattingen per hoofdstuk' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tutorial/samenvattingen');
    expect(screen.getByRole('link', { name: 'Stap 2: Samenvattingen per hoofdstuk' })).toHaveAttribute('aria-current', 'step');

    await user.click(screen.getByRole('link', { name: 'Vorige' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Je bibliotheek' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Stap 7: Blok op je telefoon' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Blok op je telefoon' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Volgende' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Aan de slag' })).toHaveAttribute('href', '/auth/register');
  });

  it('opens the step of its id and sends an unknown id to the first step', async () => {
    mockApi([]);
    const view = await renderApp('/tutorial/herinneringen');
    expect(screen.getByRole('heading', { level: 1, name: 'Herinneringen' })).toBeInTheDocument();
    view.unmount();
    const { router } = await renderApp('/tutorial/bestaat-niet');
    expect(await screen.findByRole('heading', { level: 1, name: 'Je bibliotheek' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tutorial');
  });
});
