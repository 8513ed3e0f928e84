import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/react-query.ts';
import { ownCardKeys } from './keys.ts';

/** DELETE own-flashcard-sets/{id}: the set with its cards, pictures and share link. */
export const deleteOwnSet = (setId: string) => api.delete(`own-flashcard-sets/${encodeURIComponent(setId)}`, null, { skipErrorPopup: true });

export const useDeleteOwnSet = () =>
  useMutation({
    mutationFn: deleteOwnSet,
    onSuccess: (_none, setId) => {
      queryClient.removeQueries({ queryKey: ownCardKeys.set(setId) });
      return queryClient.invalidateQueries({ queryKey: ownCardKeys.sets() });
    },
  });
