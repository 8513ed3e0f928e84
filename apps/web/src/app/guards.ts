import { redirect } from 'react-router';
import { paths } from '../config/paths.ts';
import { ensureAuthenticated, refreshTokens } from '../lib/api-client.ts';
import { getRefreshToken, hasAuthProvider, isAuthenticated } from '../lib/auth/token-storage.ts';

/**
 * Guard of the logged-in routes (spec section 2): pass when authenticated; without an auth
 * provider go to /logout; otherwise try a token refresh and go to /logout when it fails.
 */
export async function requireAuth(): Promise<Response | null> {
  if (isAuthenticated()) return null;
  if (!hasAuthProvider()) return redirect(paths.logout.getHref());
  // Offline the refresh cannot happen yet: she stays in with her saved data and waiting answers
  // (decision 013); the first call once online refreshes or signs out.
  if (getRefreshToken() && typeof navigator !== 'undefined' && navigator.onLine === false) return null;
  if (getRefreshToken() && (await refreshTokens())) return null;
  return redirect(paths.logout.getHref());
}

/** Unmatched paths: Home when authenticated (or a refresh succeeds), otherwise Register. */
export async function resolveUnmatched(): Promise<Response> {
  return redirect((await ensureAuthenticated()) ? paths.home.root.getHref() : paths.auth.register.getHref());
}
