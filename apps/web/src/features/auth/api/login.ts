import { useMutation } from '@tanstack/react-query';
import { CLIENT_ID, KEEP_ME_LOGGED_IN_VALUE } from '@blok/contract/auth';
import { api, startSession } from '../../../lib/api-client.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { sendPendingLogout } from '../../../lib/auth/pending-logout.ts';

export type LoginInput = { email: string; password: string };

/** POST auth/login with the password grant (form data, spec section 7); starts the session. */
export async function login({ email, password }: LoginInput): Promise<void> {
  // a logout that waited for the connection goes first: its answer clears the refresh cookie
  await sendPendingLogout();
  const form = new FormData();
  form.set('grant_type', 'password');
  form.set('client_id', CLIENT_ID);
  form.set('client_secret', '');
  form.set('device_id', getDeviceId());
  form.set('username', email.trim());
  form.set('password', password);
  form.set('persistent', KEEP_ME_LOGGED_IN_VALUE);
  await startSession(await api.post('auth/login', form));
}

export function useLogin(options: { onSuccess?: () => Promise<void> | void } = {}) {
  return useMutation({ mutationFn: login, onSuccess: options.onSuccess });
}
