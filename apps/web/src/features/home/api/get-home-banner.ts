import { queryOptions, useQuery } from '@tanstack/react-query';
import { HomeBannerSchema } from '@blok/contract/library';
import { api } from '../../../lib/api-client.ts';

/** GET home-banner/ (spec section 7): the welcome banner, with an optional userMessage override. */
export const getHomeBanner = (signal?: AbortSignal) => api.get('home-banner/', HomeBannerSchema, { signal, skipErrorPopup: true });

export const homeBannerQueryOptions = () =>
  queryOptions({
    queryKey: ['home', 'banner'],
    queryFn: ({ signal }) => getHomeBanner(signal),
    staleTime: 0,
  });

export const useHomeBanner = (options: { enabled?: boolean } = {}) => useQuery({ ...homeBannerQueryOptions(), enabled: options.enabled ?? true });
