import { useLocation } from 'react-router';
import { ShopScreen } from '../../features/shop/components/shop-screen.tsx';
import { safeReturnPath } from '../../features/shop/utils/format.ts';

/** /shop. A paywall passes the chapter she was reading as router state, to return there after paying. */
export function Component() {
  const location = useLocation();
  const state: unknown = location.state;
  const returnTo = state && typeof state === 'object' && 'returnTo' in state ? safeReturnPath(state.returnTo) : null;
  return <ShopScreen returnTo={returnTo} />;
}
