import { queryOptions, useQuery } from '@tanstack/react-query';
import { PushPreferenceSchema } from '@blok/contract/push';
import { api } from '../../../lib/api-client.ts';

/** GET user/push-preference: what the student wants to be reminded of (all off by default). */
export const getPushPreference = (signal?: AbortSignal) => api.get('user/push-preference', PushPreferenceSchema, { signal });

export const pushPreferenceQueryOptions = () =>
  queryOptions({ queryKey: ['user', 'push-preference'], queryFn: ({ signal }) => getPushPreference(signal) });

/** Always asked again on a visit: the form starts from the server's answer, not from saved data. */
export const usePushPreference = () => useQuery({ ...pushPreferenceQueryOptions(), refetchOnMount: 'always' });
