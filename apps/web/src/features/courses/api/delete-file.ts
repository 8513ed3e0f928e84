import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { forgetPdf } from '../offline/pdf-cache.ts';
import { courseKeys } from './keys.ts';

/** DELETE courses/{id}/files/{fileId}. */
export const deleteCourseFile = ({ courseId, fileId }: { courseId: string; fileId: string }) =>
  api.delete<undefined>(`courses/${encodeURIComponent(courseId)}/files/${encodeURIComponent(fileId)}`, null, { skipErrorPopup: true });

export const useDeleteCourseFile = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCourseFile,
    onSuccess: (_, file) => {
      // a copy kept for offline reading goes with the file
      void forgetPdf(file.courseId, file.fileId);
      void client.invalidateQueries({ queryKey: courseKeys.all });
    },
  });
};
