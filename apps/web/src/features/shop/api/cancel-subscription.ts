import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SubscriptionSchema } from '@blok/contract/shop';
import { api } from '../../../lib/api-client.ts';
import { shopQueryKey } from './get-shop.ts';

/** POST shop/subscription/cancel: Premium stays until the end of the period. */
export const cancelSubscription = () => api.post('shop/subscription/cancel', undefined, SubscriptionSchema, { skipErrorPopup: true });

export const useCancelSubscription = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopQueryKey }),
  });
};
