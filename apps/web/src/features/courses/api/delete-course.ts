import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { forgetCoursePdfs } from '../offline/pdf-cache.ts';
import { courseKeys } from './keys.ts';

/** DELETE courses/{id}: the course with all its files. */
export const deleteCourse = (id: string) => api.delete<undefined>(`courses/${encodeURIComponent(id)}`, null, { skipErrorPopup: true });

export const useDeleteCourse = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCourse,
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: courseKeys.course(id) });
      void forgetCoursePdfs(id);
      void client.invalidateQueries({ queryKey: courseKeys.all });
    },
  });
};
