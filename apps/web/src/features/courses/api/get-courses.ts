import { queryOptions, useQuery } from '@tanstack/react-query';
import { CourseListSchema } from '@blok/contract/courses';
import { api } from '../../../lib/api-client.ts';
import { courseKeys } from './keys.ts';

/** GET courses: her own courses and her limits. */
export const getCourses = (signal?: AbortSignal) => api.get('courses', CourseListSchema, { signal, skipErrorPopup: true });

export const coursesQueryOptions = () => queryOptions({ queryKey: courseKeys.list(), queryFn: ({ signal }) => getCourses(signal), staleTime: 0 });

export const useCourses = () => useQuery(coursesQueryOptions());
