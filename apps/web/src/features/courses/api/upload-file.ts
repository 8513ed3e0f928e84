import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CourseFileSchema } from '@blok/contract/courses';
import { api } from '../../../lib/api-client.ts';
import { courseKeys } from './keys.ts';

/** POST courses/{id}/files?name=: the PDF itself as the body; checked and kept by the server. */
export const uploadCourseFile = ({ courseId, file }: { courseId: string; file: File }) =>
  // a file the browser gives no type goes as application/pdf; the server checks its bytes anyway
  api.post(`courses/${encodeURIComponent(courseId)}/files?name=${encodeURIComponent(file.name)}`, file.type ? file : new Blob([file], { type: 'application/pdf' }), CourseFileSchema, {
    skipErrorPopup: true,
  });

export const useUploadCourseFile = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadCourseFile,
    onSuccess: () => void client.invalidateQueries({ queryKey: courseKeys.all }),
  });
};
