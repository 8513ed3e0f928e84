import { useMutation } from '@tanstack/react-query';
import { CLIENT_ID, KEEP_ME_LOGGED_IN_VALUE } from '@blok/contract/auth';
import { api, startSession } from '../../../lib/api-client.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { sendPendingLogout } from '../../../lib/auth/pending-logout.ts';

export type RegisterInput = { email: string; password: string; university: string; study: string; year: string };

/** POST auth/register (form data, grant external_register); starts the session. */
export async function register(input: RegisterInput): Promise<void> {
  // a logout that waited for the connection goes first: its answer clears the refresh cookie
  await sendPendingLogout();
  const form = new FormData();
  form.set('device_id', getDeviceId());
  form.set('grant_type', 'external_register');
  form.set('client_id', CLIENT_ID);
  form.set('email', input.email.trim());
  form.set('password', input.password);
  form.set('university', input.university);
  form.set('study', input.study);
  form.set('year', input.year);
  // she stays signed in, as after a login: the refresh cookie outlives the browser (decision 034)
  form.set('persistent', KEEP_ME_LOGGED_IN_VALUE);
  await startSession(await api.post('auth/register', form));
}

export function useRegister(options: { onSuccess?: () => Promise<void> | void } = {}) {
  return useMutation({ mutationFn: register, onSuccess: options.onSuccess });
}
