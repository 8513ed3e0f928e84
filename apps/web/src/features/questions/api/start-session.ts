import { useMutation } from '@tanstack/react-query';
import { StartSessionResponseSchema, type StartSessionBody } from '@blok/contract/questions';
import { api } from '../../../lib/api-client.ts';

export type StartSessionInput = {
  questionListId: string;
  mode: 'recommended' | 'all';
  body?: StartSessionBody;
};

/** POST session/{listId}/start (recommended questions) or start-all: answers the new session id. */
export const startSession = ({ questionListId, mode, body }: StartSessionInput) =>
  api.post(`session/${encodeURIComponent(questionListId)}/${mode === 'all' ? 'start-all' : 'start'}`, body ?? {}, StartSessionResponseSchema);

export const useStartSession = (options: { onSuccess?: (id: string, input: StartSessionInput) => void } = {}) =>
  useMutation({
    mutationFn: startSession,
    onSuccess: (data, input) => options.onSuccess?.(data.id, input),
  });
