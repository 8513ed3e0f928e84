import { queryOptions, useQuery } from '@tanstack/react-query';
import { HomeContinueSchema } from '@blok/contract/library';
import { api } from '../../../lib/api-client.ts';

/** GET home/continue: the 'verder studeren' cards, newest first. */
export const getContinue = (signal?: AbortSignal) => api.get('home/continue', HomeContinueSchema, { signal, skipErrorPopup: true });

export const continueQueryOptions = () =>
  queryOptions({
    queryKey: ['home', 'continue'],
    queryFn: ({ signal }) => getContinue(signal),
    staleTime: 0,
  });

export const useContinue = (options: { enabled?: boolean } = {}) => useQuery({ ...continueQueryOptions(), enabled: options.enabled ?? true });
