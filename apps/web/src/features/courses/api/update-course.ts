import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CourseDetailSchema, type UpdateCourseBody } from '@blok/contract/courses';
import { api } from '../../../lib/api-client.ts';
import { courseKeys } from './keys.ts';

/** PUT courses/{id}: rename, code, period, exam date, or the exam plan's minutes per day and study days. */
export const updateCourse = ({ id, body }: { id: string; body: UpdateCourseBody }) => api.put(`courses/${encodeURIComponent(id)}`, body, CourseDetailSchema, { skipErrorPopup: true });

export const useUpdateCourse = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCourse,
    onSuccess: (detail) => {
      client.setQueryData(courseKeys.course(detail.course.id), detail);
      // her exam plan feeds Vandaag
      void client.invalidateQueries({ queryKey: ['plan'] });
      void client.invalidateQueries({ queryKey: courseKeys.list() });
    },
  });
};
