import { queryOptions, useQuery } from '@tanstack/react-query';
import { CourseQuestionListSchema } from '@blok/contract/course-questions';
import { api } from '../../../lib/api-client.ts';
import { courseQuestionKeys } from './keys.ts';

const base = (courseId: string) => `courses/${encodeURIComponent(courseId)}/questions`;

/** GET courses/{id}/questions: her questions of a course, oldest first, with her latest verdicts. */
export const getCourseQuestions = (courseId: string, signal?: AbortSignal) => api.get(base(courseId), CourseQuestionListSchema, { signal, skipErrorPopup: true });

export const courseQuestionsQueryOptions = (courseId: string) =>
  queryOptions({ queryKey: courseQuestionKeys.list(courseId), queryFn: ({ signal }) => getCourseQuestions(courseId, signal), staleTime: 0 });

export const useCourseQuestions = (courseId: string) => useQuery(courseQuestionsQueryOptions(courseId));
