import { queryOptions, useQuery } from '@tanstack/react-query';
import { StudioMeSchema } from '@blok/contract/studio';
import { api } from '../../../lib/api-client.ts';

/** GET studio/me: her studio role; 404 for a student (shown in place, no popup). */
export const getStudioMe = (signal?: AbortSignal) => api.get('studio/me', StudioMeSchema, { signal, skipErrorPopup: true });

export const studioMeQueryOptions = () => queryOptions({ queryKey: ['studio', 'me'], queryFn: ({ signal }) => getStudioMe(signal), retry: false });

export const useStudioMe = () => useQuery(studioMeQueryOptions());
