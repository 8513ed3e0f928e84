import { api } from '../../../lib/api-client.ts';
import { signOutLocally } from '../../../lib/auth/session.ts';
import { getRefreshToken } from '../../../lib/auth/token-storage.ts';

/**
 * Signs out: asks the API to revoke the refresh-token family (failures are ignored, the local
 * sign-out happens regardless), then clears cookies, local keys and the query cache.
 */
export async function logout(): Promise<void> {
  const refreshToken = getRefreshToken();
  if (refreshToken) {
    try {
      await api.post('auth/logout', { refresh_token: refreshToken });
    } catch {
      // Offline or already revoked: the token dies with the cookie below anyway.
    }
  }
  signOutLocally('logout');
}
