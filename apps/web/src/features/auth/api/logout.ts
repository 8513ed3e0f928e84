import { signOutLocally } from '../../../lib/auth/session.ts';
import { revokeSession } from '../../../lib/auth/pending-logout.ts';
import { hasAuthProvider } from '../../../lib/auth/token-storage.ts';

/**
 * Signs out: asks the API to revoke the refresh-token family and clear its HttpOnly cookie
 * (decision 034; offline the call waits for the connection), then clears the access token, local
 * keys and the query cache here, whatever the call answered.
 */
export async function logout(): Promise<void> {
  if (hasAuthProvider()) await revokeSession();
  signOutLocally('logout');
}
