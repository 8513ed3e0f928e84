import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** PUT library/{subjectId}: adds a subject to her library (idempotent, answers 204). */
export const addSubject = (subjectId: string) => api.put<void>(`library/${encodeURIComponent(subjectId)}`);

export const useAddSubject = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSubject,
    // Home's banner and cards depend on her library too (an empty library has its own Home).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['library'] }),
        queryClient.invalidateQueries({ queryKey: ['subjects'] }),
        queryClient.invalidateQueries({ queryKey: ['home'] }),
      ]),
  });
};
