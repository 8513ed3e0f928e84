import { queryOptions, useQuery } from '@tanstack/react-query';
import { isFinalPaymentStatus, OrderSchema, type Order } from '@blok/contract/shop';
import { api } from '../../../lib/api-client.ts';

/** How often the return page asks again while the payment is not final. */
export const ORDER_POLL_MS = 2000;

/** GET shop/orders/{id}: her order and its payment's status. */
export const getOrder = (orderId: string, signal?: AbortSignal) => api.get(`shop/orders/${encodeURIComponent(orderId)}`, OrderSchema, { signal });

export const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['shop', 'orders', orderId],
    queryFn: ({ signal }) => getOrder(orderId, signal),
    // Poll until the payment is final (paid, failed, canceled or expired).
    refetchInterval: (query) => {
      const order: Order | undefined = query.state.data;
      return order && isFinalPaymentStatus(order.paymentStatus) ? false : ORDER_POLL_MS;
    },
  });

export const useOrder = (orderId: string) => useQuery(orderQueryOptions(orderId));
