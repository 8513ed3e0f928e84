import { queryOptions, useQuery } from '@tanstack/react-query';
import { CatalogueSchema } from '@blok/contract/catalogue';
import { api } from '../../../lib/api-client.ts';

/** GET catalogue: universities -> studies -> year layers -> sample course (public). */
export const getCatalogue = (signal?: AbortSignal) => api.get('catalogue', CatalogueSchema, { signal, skipErrorPopup: true });

export const catalogueQueryOptions = () =>
  queryOptions({
    queryKey: ['catalogue'],
    queryFn: ({ signal }) => getCatalogue(signal),
    // The catalogue changes with a release of the content package, not during a session.
    staleTime: Infinity,
  });

export const useCatalogue = () => useQuery(catalogueQueryOptions());
