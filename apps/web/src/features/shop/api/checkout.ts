import { useMutation } from '@tanstack/react-query';
import { CheckoutSchema, type ProductId } from '@blok/contract/shop';
import { api } from '../../../lib/api-client.ts';

/** POST shop/checkout: starts the payment of a product; the server sets the price. */
export const checkout = (productId: ProductId) => api.post('shop/checkout', { productId }, CheckoutSchema, { skipErrorPopup: true });

export const useCheckout = () => useMutation({ mutationFn: checkout });
