import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CourseDetailSchema, type CreateCourseBody } from '@blok/contract/courses';
import { api } from '../../../lib/api-client.ts';
import { courseKeys } from './keys.ts';

/** POST courses: a new course of hers. */
export const createCourse = (body: CreateCourseBody) => api.post('courses', body, CourseDetailSchema, { skipErrorPopup: true });

export const useCreateCourse = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCourse,
    onSuccess: (detail) => {
      client.setQueryData(courseKeys.course(detail.course.id), detail);
      void client.invalidateQueries({ queryKey: courseKeys.list() });
    },
  });
};
