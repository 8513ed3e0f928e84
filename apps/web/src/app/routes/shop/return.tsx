import { useParams } from 'react-router';
import { ReturnScreen } from '../../../features/shop/components/return-screen.tsx';

/** /shop/return/{orderId}: where the payment provider sends her back. */
export function Component() {
  const { orderId = '' } = useParams();
  return <ReturnScreen key={orderId} orderId={orderId} />;
}
