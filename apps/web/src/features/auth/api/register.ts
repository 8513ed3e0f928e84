import { useMutation } from '@tanstack/react-query';
import { CLIENT_ID } from '@blok/contract/auth';
import { api, startSession } from '../../../lib/api-client.ts';
import { getDeviceId } from '../../../lib/device-id.ts';

export type RegisterInput = { email: string; password: string; university: string; study: string; year: string };

/** POST auth/register (form data, grant external_register); starts the session. */
export async function register(input: RegisterInput): Promise<void> {
  const form = new FormData();
  form.set('device_id', getDeviceId());
  form.set('grant_type', 'external_register');
  form.set('client_id', CLIENT_ID);
  form.set('email', input.email.trim());
  form.set('password', input.password);
  form.set('university', input.university);
  form.set('study', input.study);
  form.set('year', input.year);
  await startSession(await api.post('auth/register', form));
}

export function useRegister(options: { onSuccess?: () => Promise<void> | void } = {}) {
  return useMutation({ mutationFn: register, onSuccess: options.onSuccess });
}
