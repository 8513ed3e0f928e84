import { queryOptions, useQuery } from '@tanstack/react-query';
import { CourseDetailSchema } from '@blok/contract/courses';
import { api } from '../../../lib/api-client.ts';
import { courseKeys } from './keys.ts';

/** GET courses/{id}: a course of hers with its files. */
export const getCourse = (id: string, signal?: AbortSignal) => api.get(`courses/${encodeURIComponent(id)}`, CourseDetailSchema, { signal, skipErrorPopup: true });

export const courseQueryOptions = (id: string) => queryOptions({ queryKey: courseKeys.course(id), queryFn: ({ signal }) => getCourse(id, signal), staleTime: 0 });

export const useCourse = (id: string) => useQuery(courseQueryOptions(id));
