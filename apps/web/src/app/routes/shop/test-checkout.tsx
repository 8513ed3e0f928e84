import { useParams } from 'react-router';
import { TestCheckoutScreen } from '../../../features/shop/components/test-checkout-screen.tsx';

/** /shop/test-checkout/{paymentId}: the built-in test checkout (no MOLLIE_API_KEY). */
export function Component() {
  const { paymentId = '' } = useParams();
  return <TestCheckoutScreen key={paymentId} paymentId={paymentId} />;
}
