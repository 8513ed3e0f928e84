import { queryOptions, useQuery } from '@tanstack/react-query';
import { StudioSubjectListSchema } from '@blok/contract/studio';
import { api } from '../../../lib/api-client.ts';

/** GET studio/subjects: the subjects she may write, with draft status and release. */
export const getStudioSubjects = (signal?: AbortSignal) => api.get('studio/subjects', StudioSubjectListSchema, { signal, skipErrorPopup: true });

export const studioSubjectsQueryKey = ['studio', 'subjects'] as const;

export const studioSubjectsQueryOptions = () => queryOptions({ queryKey: studioSubjectsQueryKey, queryFn: ({ signal }) => getStudioSubjects(signal), retry: false });

export const useStudioSubjects = (enabled: boolean) => useQuery({ ...studioSubjectsQueryOptions(), enabled });
