import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { mockApi, renderApp } from '../../../testing/test-utils.tsx';
import { testCatalogue, testProfile, testTokens } from '../../../testing/fixtures.ts';

async function choose(user: UserEvent, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function openWelcome() {
  const fetchSpy = mockApi([
    { path: 'catalogue', body: testCatalogue },
    { method: 'POST', path: 'auth/register', body: testTokens },
    { path: 'user/profile', body: { ...testProfile, email: 'nieuw@student.nl' } },
  ]);
  const view = await renderApp('/auth/register');
  await screen.findByRole('heading', { level: 1, name: 'Welkom bij Blok' });
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Universiteit' })).toBeEnabled());
  return { ...view, fetchSpy, user: userEvent.setup() };
}

async function toOnboarding(user: UserEvent) {
  await choose(user, 'Universiteit', 'Universiteit van Amsterdam');
  await choose(user, 'Studie', 'Psychologie');
  await choose(user, 'Jaar', 'Bachelor 1');
  await user.click(screen.getByRole('button', { name: 'Start met studeren' }));
}

describe('Register: Welcome step', () => {
  it('chains the three dropdowns: each is disabled until the one before is chosen, and changes clear what depends on them', async () => {
    const { user } = await openWelcome();
    const start = screen.getByRole('button', { name: 'Start met studeren' });
    expect(screen.getByRole('combobox', { name: 'Studie' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Jaar' })).toBeDisabled();
    expect(start).toBeDisabled();

    await choose(user, 'Universiteit', 'Universiteit van Amsterdam');
    expect(screen.getByRole('combobox', { name: 'Studie' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'Jaar' })).toBeDisabled();
    expect(start).toBeDisabled();

    await choose(user, 'Studie', 'Psychologie');
    expect(screen.getByRole('combobox', { name: 'Jaar' })).toBeEnabled();
    expect(start).toBeDisabled();

    await choose(user, 'Jaar', 'Bachelor 1');
    expect(start).toBeEnabled();
    const course = screen.getByRole('article', { name: 'Inleiding in de psychologie' });
    expect(within(course).getByRole('heading', { name: 'Haal je propedeuse in één keer' })).toBeInTheDocument();
    expect(within(course).getByText('72%')).toBeInTheDocument();
    expect(course.querySelector('[data-illustration="boeken"]')).not.toBeNull();

    // Changing the study clears the year.
    await choose(user, 'Studie', 'Rechtsgeleerdheid');
    expect(screen.getByRole('combobox', { name: 'Jaar' })).toHaveTextContent('Kies je jaar');
    expect(start).toBeDisabled();
    expect(screen.queryByRole('article')).toBeNull();

    // Changing the university clears study and year, and disables the year again.
    await choose(user, 'Jaar', 'Bachelor 1');
    expect(start).toBeEnabled();
    await choose(user, 'Universiteit', 'Universiteit Leiden');
    expect(screen.getByRole('combobox', { name: 'Studie' })).toHaveTextContent('Kies je studie');
    expect(screen.getByRole('combobox', { name: 'Jaar' })).toHaveTextContent('Kies je jaar');
    expect(screen.getByRole('combobox', { name: 'Jaar' })).toBeDisabled();
    expect(start).toBeDisabled();
  });
});

describe('Register: onboarding slider', () => {
  it("'Sla introductie over' skips to the account form", async () => {
    const { user } = await openWelcome();
    await toOnboarding(user);
    expect(await screen.findByRole('region', { name: 'Introductie' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sla introductie over' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Maak account aan' })).toBeInTheDocument();
    // the step's code loads on demand; focus still lands on its heading once it is there
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Maak account aan' })).toHaveFocus());
  });

  it("'Ga verder' walks through the three slides and the last one finishes", async () => {
    const { user } = await openWelcome();
    await toOnboarding(user);
    const current = () => screen.getByRole('button', { current: 'step' });
    expect(current()).toHaveAccessibleName('Ga naar dia 1');
    await user.click(screen.getByRole('button', { name: 'Ga verder' }));
    expect(current()).toHaveAccessibleName('Ga naar dia 2');
    await user.click(screen.getByRole('button', { name: 'Ga verder' }));
    expect(current()).toHaveAccessibleName('Ga naar dia 3');
    expect(screen.getByText(/€ 150 per jaar/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ga verder' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Maak account aan' })).toBeInTheDocument();
  });

  it('moves on a swipe longer than 50 px and ignores shorter ones', async () => {
    const { user } = await openWelcome();
    await toOnboarding(user);
    const viewport = await screen.findByRole('region', { name: 'Introductie' });
    const current = () => screen.getByRole('button', { current: 'step' });
    const swipe = (dx: number) => {
      fireEvent.pointerDown(viewport, { pointerId: 1, clientX: 200, button: 0, pointerType: 'touch' });
      fireEvent.pointerMove(viewport, { pointerId: 1, clientX: 200 + dx, pointerType: 'touch' });
      fireEvent.pointerUp(viewport, { pointerId: 1, clientX: 200 + dx, pointerType: 'touch' });
    };
    swipe(-40);
    expect(current()).toHaveAccessibleName('Ga naar dia 1');
    swipe(-60);
    expect(current()).toHaveAccessibleName('Ga naar dia 2');
    swipe(70);
    expect(current()).toHaveAccessibleName('Ga naar dia 1');
  });
});

describe('Register: account form', () => {
  it('registers with the chosen study and opens Home', async () => {
    const { user, fetchSpy, router } = await openWelcome();
    await toOnboarding(user);
    await user.click(await screen.findByRole('button', { name: 'Sla introductie over' }));
    await screen.findByRole('heading', { name: 'Maak account aan' });
    expect(screen.getByRole('link', { name: 'Log hier in' })).toHaveAttribute('href', '/auth/login');

    await user.type(screen.getByLabelText('E-mailadres'), 'nieuw@student.nl');
    await user.type(screen.getByLabelText('Wachtwoord'), 'zwak');
    await user.click(screen.getByRole('button', { name: 'Registreer account' }));
    expect(await screen.findByText('Dit wachtwoord komt niet overeen met het veiligheidsbeleid')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Wachtwoord'));
    await user.type(screen.getByLabelText('Wachtwoord'), 'Sterk!wachtwoord1');
    await user.click(screen.getByRole('button', { name: 'Registreer account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Welkom terug' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    const registerCall = fetchSpy.mock.calls.find(([url]) => String(url) === '/api/auth/register');
    const body = registerCall?.[1]?.body as FormData;
    expect(Object.fromEntries(body.entries())).toMatchObject({
      grant_type: 'external_register',
      email: 'nieuw@student.nl',
      university: 'uva',
      study: 'psy',
      year: 'b1',
    });
  });

  it('carries the link she was opening from the login through registration, and opens it after (issue 38)', async () => {
    const shared = '/kaarten/gedeeld/AAAA';
    const query = `?redirectTo=${encodeURIComponent(shared)}`;
    mockApi([
      { path: 'catalogue', body: testCatalogue },
      { method: 'POST', path: 'auth/register', body: testTokens },
      { path: 'user/profile', body: { ...testProfile, email: 'nieuw@student.nl' } },
    ]);
    const { router } = await renderApp(`/auth/login${query}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Maak een account aan' }));
    await screen.findByRole('heading', { level: 1, name: 'Welkom bij Blok' });
    expect(router.state.location.pathname).toBe('/auth/register');
    expect(router.state.location.search).toBe(query);

    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Universiteit' })).toBeEnabled());
    await toOnboarding(user);
    await user.click(await screen.findByRole('button', { name: 'Sla introductie over' }));
    await screen.findByRole('heading', { name: 'Maak account aan' });
    // the account form's way back to the login keeps it as well
    expect(screen.getByRole('link', { name: 'Log hier in' })).toHaveAttribute('href', `/auth/login${query}`);
    await user.type(screen.getByLabelText('E-mailadres'), 'nieuw@student.nl');
    await user.type(screen.getByLabelText('Wachtwoord'), 'Sterk!wachtwoord1');
    await user.click(screen.getByRole('button', { name: 'Registreer account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(shared));
  });

  it.each(['https://evil.example/x', '//evil.example/x', '/auth/login'])('opens Home after registering, not redirectTo=%s', async (target) => {
    mockApi([
      { path: 'catalogue', body: testCatalogue },
      { method: 'POST', path: 'auth/register', body: testTokens },
      { path: 'user/profile', body: { ...testProfile, email: 'nieuw@student.nl' } },
    ]);
    const { router } = await renderApp(`/auth/register?redirectTo=${encodeURIComponent(target)}`);
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Universiteit' })).toBeEnabled());
    await toOnboarding(user);
    await user.click(await screen.findByRole('button', { name: 'Sla introductie over' }));
    await user.type(await screen.findByLabelText('E-mailadres'), 'nieuw@student.nl');
    await user.type(screen.getByLabelText('Wachtwoord'), 'Sterk!wachtwoord1');
    await user.click(screen.getByRole('button', { name: 'Registreer account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('shows email_already_exist under the password field', async () => {
    mockApi([
      { path: 'catalogue', body: testCatalogue },
      {
        method: 'POST',
        path: 'auth/register',
        status: 409,
        body: { error: 'email_already_exist', error_description: 'exists' },
      },
    ]);
    await renderApp('/auth/register');
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Universiteit' })).toBeEnabled());
    await toOnboarding(user);
    await user.click(await screen.findByRole('button', { name: 'Sla introductie over' }));
    await user.type(await screen.findByLabelText('E-mailadres'), 'bestaat@student.nl');
    await user.type(screen.getByLabelText('Wachtwoord'), 'Sterk!wachtwoord1');
    await user.click(screen.getByRole('button', { name: 'Registreer account' }));
    const message = 'Er bestaat al een account met dit e-mailadres, ga naar de login pagina';
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Wachtwoord')).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.getByLabelText('E-mailadres')).toHaveAttribute('aria-invalid', 'true');
  });
});
