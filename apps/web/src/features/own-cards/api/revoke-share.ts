import { useMutation } from '@tanstack/react-query';
import { OwnSetDetailSchema } from '@blok/contract/own-cards';
import { api } from '../../../lib/api-client.ts';
import { rememberSet } from './cache.ts';

/** DELETE own-flashcard-sets/{id}/share: the link stops working; copies made stay. */
export const revokeOwnShare = (setId: string) => api.delete(`own-flashcard-sets/${encodeURIComponent(setId)}/share`, OwnSetDetailSchema, { skipErrorPopup: true });

export const useRevokeOwnShare = () => useMutation({ mutationFn: revokeOwnShare, onSuccess: rememberSet });
