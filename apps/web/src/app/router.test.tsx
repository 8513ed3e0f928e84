import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signIn } from '../lib/auth/session.ts';
import { getDeviceId } from '../lib/device-id.ts';
import { mockApi, renderApp } from '../testing/test-utils.tsx';
import { testCatalogue, testProfile, testTokens } from '../testing/fixtures.ts';

async function signedInApi() {
  await signIn(testTokens);
  const deviceid = getDeviceId();
  return mockApi([
    { path: 'user/profile', body: testProfile, headers: { deviceid } },
    { path: 'catalogue', body: testCatalogue },
    { method: 'POST', path: 'auth/logout', status: 204 },
  ]);
}

describe('routing and guards', () => {
  it('sends a logged-out visitor of a guarded route through /logout to login', async () => {
    mockApi([]);
    const { router } = await renderApp('/bibliotheek');
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeInTheDocument();
  });

  it('opens guarded routes for a signed-in user', async () => {
    await signedInApi();
    const { router } = await renderApp('/bibliotheek/subject/42');
    expect(router.state.location.pathname).toBe('/bibliotheek/subject/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vak' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terug naar de bibliotheek' })).toHaveAttribute('href', '/bibliotheek');
  });

  it('opens / as Register when logged out and as Home when logged in', async () => {
    mockApi([{ path: 'catalogue', body: testCatalogue }]);
    const first = await renderApp('/');
    expect(first.router.state.location.pathname).toBe('/auth/register');
    first.unmount();

    await signedInApi();
    const second = await renderApp('/');
    expect(second.router.state.location.pathname).toBe('/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welkom terug' })).toBeInTheDocument();
  });

  it('says an unknown address is not found, keeps it, and leads on to Home and login when logged out', async () => {
    mockApi([]);
    const { router } = await renderApp('/bestaat-niet');
    expect(router.state.location.pathname).toBe('/bestaat-niet');
    expect(screen.getByRole('heading', { level: 1, name: 'Pagina niet gevonden' })).toBeInTheDocument();
    expect(screen.getByText(/Op dit adres staat niets in Blok/)).toBeInTheDocument();
    const waysOn = screen.getByRole('navigation', { name: 'Verder naar' });
    expect(within(waysOn).getByRole('link', { name: 'Naar Home' })).toHaveAttribute('href', '/home');
    expect(within(waysOn).getByRole('link', { name: 'Inloggen' })).toHaveAttribute('href', '/auth/login');
    expect(document.title).toContain('Pagina niet gevonden');
  });

  it('says an unknown address is not found when logged in, with the library as a way on', async () => {
    await signedInApi();
    const { router } = await renderApp('/bibliotheek/bestaat/ook/niet');
    expect(router.state.location.pathname).toBe('/bibliotheek/bestaat/ook/niet');
    expect(screen.getByRole('heading', { level: 1, name: 'Pagina niet gevonden' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Hoofdmenu' })).toBeInTheDocument();
    const waysOn = screen.getByRole('navigation', { name: 'Verder naar' });
    expect(within(waysOn).getByRole('link', { name: 'Naar de bibliotheek' })).toHaveAttribute('href', '/bibliotheek');
    await userEvent.setup().click(within(waysOn).getByRole('link', { name: 'Naar Home' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welkom terug' })).toBeInTheDocument();
  });

  it('answers an unknown address under /auth with the not-found page too', async () => {
    mockApi([]);
    const { router } = await renderApp('/auth/bestaat-niet');
    expect(router.state.location.pathname).toBe('/auth/bestaat-niet');
    expect(screen.getByRole('heading', { level: 1, name: 'Pagina niet gevonden' })).toBeInTheDocument();
  });

  it('/logout revokes the refresh token, clears the session and opens login', async () => {
    const fetchSpy = await signedInApi();
    const { router } = await renderApp('/logout');
    expect(router.state.location.pathname).toBe('/auth/login');
    const logoutCall = fetchSpy.mock.calls.find(([url]) => String(url) === '/api/auth/logout');
    // the token is the API's HttpOnly cookie, named by the header (decision 034), never by the app
    expect(JSON.parse(String(logoutCall?.[1]?.body))).toEqual({});
    expect(new Headers(logoutCall?.[1]?.headers).get('blok-refresh-cookie')).toBe('1');
    expect(localStorage.getItem('is_authenticated')).toBeNull();
    expect(localStorage.getItem('provider')).toBeNull();
    expect(document.cookie).not.toContain('access_token');
  });

  it('a changed deviceid on any call signs out and shows the automatic-logout notice on login', async () => {
    await signIn(testTokens);
    mockApi([{ path: 'user/profile', body: testProfile, headers: { deviceid: 'a-newer-device-123' } }]);
    const { router } = await renderApp('/profile');
    expect(await screen.findByText('Je bent uitgelogd omdat er op een ander apparaat is ingelogd met jouw account.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });
});

describe('navigation bar', () => {
  it('shows the four tabs with the active one marked for a signed-in user', async () => {
    await signedInApi();
    const { router } = await renderApp('/bibliotheek');
    const nav = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Home', 'Bibliotheek', 'Shop', 'Profiel']);
    expect(within(nav).getByRole('link', { name: 'Bibliotheek' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');

    await userEvent.setup().click(within(nav).getByRole('link', { name: 'Shop' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shop');
    expect(within(nav).getByRole('link', { name: 'Shop' })).toHaveAttribute('aria-current', 'page');
  });

  it('is hidden when logged out, on /auth and in the flashcards session', async () => {
    mockApi([]);
    const home = await renderApp('/home');
    expect(screen.getByRole('heading', { level: 1, name: 'Slimmer studeren met Blok' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Hoofdmenu' })).toBeNull();
    home.unmount();

    await signedInApi();
    const app = await renderApp('/auth/login');
    expect(screen.queryByRole('navigation', { name: 'Hoofdmenu' })).toBeNull();
    await act(() => app.router.navigate('/bibliotheek/flashcards/s1/7'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Flashcards oefenen' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Hoofdmenu' })).toBeNull();
    await act(() => app.router.navigate('/bibliotheek/flashcards-overview/7'));
    expect(await screen.findByRole('navigation', { name: 'Hoofdmenu' })).toBeInTheDocument();
  });

  it('registers every route of the spec route table', async () => {
    await signedInApi();
    const app = await renderApp('/home');
    const cases: [string, string][] = [
      ['/home/shortcut', 'Snel aan de slag'],
      ['/bibliotheek', 'Bibliotheek'],
      ['/bibliotheek/subject/1', 'Vak'],
      ['/bibliotheek/details/1', 'Over deze samenvatting'],
      ['/bibliotheek/question-settings/1', 'Oefenvragen instellen'],
      ['/bibliotheek/question-settings/1/2', 'Oefenvragen instellen'],
      ['/bibliotheek/questions/s/1', 'Oefenvragen'],
      ['/bibliotheek/questions/s/1/2', 'Oefenvragen'],
      ['/bibliotheek/flashcards-overview/1', 'Flashcards'],
      ['/bibliotheek/flashcards-settings/1', 'Flashcards instellen'],
      ['/bibliotheek/flashcards-settings/1/5', 'Flashcards instellen'],
      ['/bibliotheek/flashcards-settings/1/favorites', 'Favoriete flashcards'],
      ['/bibliotheek/flashcards/s/1', 'Flashcards oefenen'],
      ['/bibliotheek/flashcards/s/1/5', 'Flashcards oefenen'],
      ['/profile', 'Profiel'],
      ['/profile/push-notifications', 'Pushmeldingen'],
      ['/shop', 'Shop'],
      ['/summary/read/3', 'Samenvatting'],
      ['/summary/read/3/9', 'Samenvatting'],
      ['/summary/read/3/chapters', 'Hoofdstukken'],
      ['/summary/questions/3', 'Oefenvragen bij de samenvatting'],
      ['/summary/questions/3/4', 'Oefenvragen bij de samenvatting'],
      ['/tutorial', 'Je bibliotheek'],
      ['/tutorial/shop', 'Blok Premium'],
      ['/not-found', 'Pagina niet gevonden'],
      ['/auth/forgot-password', 'Wachtwoord vergeten'],
      ['/auth/reset-password', 'Nieuw wachtwoord instellen'],
      ['/auth/login-temporary', 'Inloggen met e-mail'],
    ];
    for (const [path, heading] of cases) {
      await act(() => app.router.navigate(path));
      expect(app.router.state.location.pathname, path).toBe(path);
      expect(await screen.findByRole('heading', { level: 1, name: heading }), path).toBeInTheDocument();
    }
  });
});
