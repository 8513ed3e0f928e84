import { queryOptions, useQuery } from '@tanstack/react-query';
import { CourseStandingSchema } from '@blok/contract/courses';
import { api } from '../../../lib/api-client.ts';
import { courseKeys } from './keys.ts';

/** GET courses/{id}/standing: where she stands in a course of hers (readiness, expected grade) and its Voortgang (decision 049). */
export const getCourseStanding = (id: string, signal?: AbortSignal) => api.get(`courses/${encodeURIComponent(id)}/standing`, CourseStandingSchema, { signal, skipErrorPopup: true });

export const courseStandingQueryOptions = (id: string) => queryOptions({ queryKey: courseKeys.standing(id), queryFn: ({ signal }) => getCourseStanding(id, signal), staleTime: 0 });

export const useCourseStanding = (id: string) => useQuery(courseStandingQueryOptions(id));
