import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProfileSchema } from '@blok/contract/user';
import { api } from '../../../lib/api-client.ts';

/** GET user/profile (bearer): the signed-in user's profile (spec section 3). */
export const getProfile = (signal?: AbortSignal) => api.get('user/profile', ProfileSchema, { signal });

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'profile'],
    queryFn: ({ signal }) => getProfile(signal),
    // A tab that comes back into view re-checks its session (deviceid) with this cheap call.
    refetchOnWindowFocus: true,
  });

/**
 * `fresh`: ask the server on every mount even when the (saved, lib/offline) data looks recent, so
 * the profile screen never shows an edit that was made just before a reload as undone.
 */
export const useProfile = (options: { enabled?: boolean; fresh?: boolean } = {}) =>
  useQuery({ ...profileQueryOptions(), enabled: options.enabled ?? true, ...(options.fresh ? { refetchOnMount: 'always' as const } : {}) });
