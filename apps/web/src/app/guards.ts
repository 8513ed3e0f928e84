import { redirect } from 'react-router';
import { paths } from '../config/paths.ts';
import { ensureAuthenticated, refreshTokens } from '../lib/api-client.ts';
import { hasAuthProvider, isAuthenticated } from '../lib/auth/token-storage.ts';

/**
 * Guard of the logged-in routes (spec section 2): pass when authenticated; without an auth
 * provider go to /logout; otherwise try a token refresh and go to /logout when it fails.
 */
export async function requireAuth({ request }: { request?: Request } = {}): Promise<Response | null> {
  if (isAuthenticated()) return null;
  // The screen she was opening: login leads her back to it (issue 26).
  const url = request ? new URL(request.url) : null;
  const logout = paths.logout.getHref(url ? `${url.pathname}${url.search}${url.hash}` : undefined);
  if (!hasAuthProvider()) return redirect(logout);
  // Offline the refresh cannot happen yet: she stays in with her saved data and waiting answers
  // (decision 013); the first call once online refreshes (the API's refresh cookie) or signs out.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return null;
  if (await refreshTokens()) return null;
  return redirect(logout);
}

/** The bare address `/`: Home when authenticated (or a refresh succeeds), otherwise Register. */
export async function resolveRoot(): Promise<Response> {
  return redirect((await ensureAuthenticated()) ? paths.home.root.getHref() : paths.auth.register.getHref());
}
