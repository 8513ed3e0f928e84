import { useMutation } from '@tanstack/react-query';
import { OwnSetDetailSchema, type UpdateOwnSetBody } from '@blok/contract/own-cards';
import { api } from '../../../lib/api-client.ts';
import { rememberSet } from './cache.ts';

/** PUT own-flashcard-sets/{id}: rename, describe or move a set. */
export const updateOwnSet = ({ setId, ...body }: UpdateOwnSetBody & { setId: string }) =>
  api.put(`own-flashcard-sets/${encodeURIComponent(setId)}`, body, OwnSetDetailSchema, { skipErrorPopup: true });

export const useUpdateOwnSet = () => useMutation({ mutationFn: updateOwnSet, onSuccess: rememberSet });
