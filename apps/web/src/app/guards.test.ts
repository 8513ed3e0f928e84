import { describe, expect, it, vi } from 'vitest';
import { requireAuth, resolveRoot } from './guards.ts';
import { signIn } from '../lib/auth/session.ts';
import { TOKEN_COOKIE } from '../lib/auth/token-storage.ts';
import { mockApi } from '../testing/test-utils.tsx';
import { testTokens } from '../testing/fixtures.ts';

const location = (response: Response | null) => response?.headers.get('Location');

describe('route guard', () => {
  it('passes when authenticated', async () => {
    await signIn(testTokens);
    await expect(requireAuth()).resolves.toBeNull();
  });

  it('redirects to /logout when there is no auth provider', async () => {
    const fetchSpy = mockApi([]);
    expect(location(await requireAuth())).toBe('/logout');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('tries a refresh when the access token expired, and redirects to /logout when it fails', async () => {
    await signIn(testTokens);
    document.cookie = `${TOKEN_COOKIE.accessToken}=; Path=/; Max-Age=0`;
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetchSpy = mockApi([{ method: 'POST', path: 'auth/login', status: 400, body: { error: 'invalid_grant', error_description: '' } }]);
    expect(location(await requireAuth())).toBe('/logout');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('keeps the path she was opening for after the login', async () => {
    mockApi([]);
    const request = new Request('http://localhost/bibliotheek/subject/anatomie?x=1#h2');
    expect(location(await requireAuth({ request }))).toBe(`/logout?redirectTo=${encodeURIComponent('/bibliotheek/subject/anatomie?x=1#h2')}`);
  });

  it('passes after a successful refresh', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    await signIn(testTokens);
    document.cookie = `${TOKEN_COOKIE.accessToken}=; Path=/; Max-Age=0`;
    mockApi([{ method: 'POST', path: 'auth/login', body: { ...testTokens, access_token: 'a2' } }]);
    const result = requireAuth();
    await vi.advanceTimersByTimeAsync(500);
    await expect(result).resolves.toBeNull();
  });

  it('sends / to Home when authenticated, else to Register', async () => {
    expect(location(await resolveRoot())).toBe('/auth/register');
    await signIn(testTokens);
    expect(location(await resolveRoot())).toBe('/home');
  });
});
