import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** DELETE library/{subjectId}: removes a subject from her library (idempotent, answers 204). */
export const removeSubject = (subjectId: string) => api.delete<void>(`library/${encodeURIComponent(subjectId)}`);

export const useRemoveSubject = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSubject,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['library'] }), queryClient.invalidateQueries({ queryKey: ['subjects'] })]),
  });
};
