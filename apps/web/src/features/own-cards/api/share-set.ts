import { useMutation } from '@tanstack/react-query';
import { OwnSetShareSchema } from '@blok/contract/own-cards';
import { api } from '../../../lib/api-client.ts';
import { setChanged } from './cache.ts';

/** POST own-flashcard-sets/{id}/share: the set's share link (the active one, or a new one). */
export const shareOwnSet = (setId: string) => api.post(`own-flashcard-sets/${encodeURIComponent(setId)}/share`, undefined, OwnSetShareSchema, { skipErrorPopup: true });

export const useShareOwnSet = () => useMutation({ mutationFn: shareOwnSet, onSuccess: (_share, setId) => setChanged(setId) });
