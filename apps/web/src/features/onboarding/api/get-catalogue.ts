import { queryOptions, useQuery } from '@tanstack/react-query';
import { CatalogueSchema } from '@blok/contract/catalogue';
import { api } from '../../../lib/api-client.ts';

/** GET catalogue: universities -> studies -> year layers -> sample course (public). */
export const getCatalogue = (signal?: AbortSignal) => api.get('catalogue', CatalogueSchema, { signal, skipErrorPopup: true });

export const catalogueQueryOptions = () =>
  queryOptions({
    queryKey: ['catalogue'],
    queryFn: ({ signal }) => getCatalogue(signal),
    // Admins change the catalogue in the studio (decision 031), seldom; the API lets it be cached 5 minutes.
    staleTime: 5 * 60 * 1000,
  });

export const useCatalogue = () => useQuery(catalogueQueryOptions());
