import { useMutation } from '@tanstack/react-query';
import { OwnSetDetailSchema, type CreateOwnSetBody } from '@blok/contract/own-cards';
import { api } from '../../../lib/api-client.ts';
import { rememberSet } from './cache.ts';

/** POST own-flashcard-sets: a new set, in a subject or personal. */
export const createOwnSet = (body: CreateOwnSetBody) => api.post('own-flashcard-sets', body, OwnSetDetailSchema, { skipErrorPopup: true });

export const useCreateOwnSet = () => useMutation({ mutationFn: createOwnSet, onSuccess: rememberSet });
