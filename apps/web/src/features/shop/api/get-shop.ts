import { queryOptions, useQuery } from '@tanstack/react-query';
import { ShopSchema } from '@blok/contract/shop';
import { api } from '../../../lib/api-client.ts';

/** GET shop: the products with their prices (VAT included), her subscription and the provider. */
// Errors are shown in place (the shop's load error; the profile falls back to its own card).
export const getShop = (signal?: AbortSignal) => api.get('shop', ShopSchema, { signal, skipErrorPopup: true });

export const shopQueryKey = ['shop'] as const;

export const shopQueryOptions = () => queryOptions({ queryKey: shopQueryKey, queryFn: ({ signal }) => getShop(signal) });

export const useShop = () => useQuery(shopQueryOptions());
