import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** DELETE question-list/{id}/answers: restart, clears her answers of the list (204). */
export const restartList = (questionListId: string) => api.delete<void>(`question-list/${encodeURIComponent(questionListId)}/answers`);

export const useRestartList = () => useMutation({ mutationFn: restartList });
