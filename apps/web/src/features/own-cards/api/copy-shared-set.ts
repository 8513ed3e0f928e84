import { useMutation } from '@tanstack/react-query';
import { OwnSetDetailSchema } from '@blok/contract/own-cards';
import { api } from '../../../lib/api-client.ts';
import { rememberSet } from './cache.ts';
import { forgetSharedSet, goneStatus } from './get-shared-set.ts';

/** POST shared-flashcard-sets/{token}/copy: a copy of a classmate's shared set among her own sets. */
export const copySharedSet = (token: string) => api.post(`shared-flashcard-sets/${encodeURIComponent(token)}/copy`, undefined, OwnSetDetailSchema, { skipErrorPopup: true });

/** Revoked (or gone) meanwhile: the shared set is dropped, and the screen says why instead. */
export const useCopySharedSet = () =>
  useMutation({
    mutationFn: copySharedSet,
    onSuccess: rememberSet,
    onError: (error, token) => {
      const gone = goneStatus(error);
      if (gone) forgetSharedSet(token, gone);
    },
  });
