import { queryOptions, useQuery } from '@tanstack/react-query';
import { OwnSetDetailSchema } from '@blok/contract/own-cards';
import { api } from '../../../lib/api-client.ts';

/** GET own-flashcard-sets/{id}: the set the import made, with its cards as they are stored. */
export const importedSetQueryOptions = (setId: string) =>
  queryOptions({
    queryKey: ['card-import', 'set', setId],
    queryFn: ({ signal }) => api.get(`own-flashcard-sets/${encodeURIComponent(setId)}`, OwnSetDetailSchema, { signal }),
  });

export const useImportedSet = (setId: string) => useQuery(importedSetQueryOptions(setId));
