import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { TestPaymentSchema, type TestCheckoutBody } from '@blok/contract/shop';
import { api } from '../../../lib/api-client.ts';

/** GET shop/test-checkout/{id}: a payment of the built-in test checkout. */
export const getTestPayment = (id: string, signal?: AbortSignal) =>
  api.get(`shop/test-checkout/${encodeURIComponent(id)}`, TestPaymentSchema, { signal, skipErrorPopup: true });

export const testPaymentQueryOptions = (id: string) => queryOptions({ queryKey: ['shop', 'test-checkout', id], queryFn: ({ signal }) => getTestPayment(id, signal) });

export const useTestPayment = (id: string) => useQuery(testPaymentQueryOptions(id));

/** POST shop/test-checkout/{id}: the tester's outcome, applied through the same webhook path as Mollie's. */
export const settleTestPayment = ({ id, status }: { id: string; status: TestCheckoutBody['status'] }) =>
  api.post(`shop/test-checkout/${encodeURIComponent(id)}`, { status }, TestPaymentSchema, { skipErrorPopup: true });

export const useSettleTestPayment = () => useMutation({ mutationFn: settleTestPayment });
