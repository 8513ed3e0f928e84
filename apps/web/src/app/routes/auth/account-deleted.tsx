import { AccountDeletedScreen } from '../../../features/auth/components/account-deleted-screen.tsx';

export function Component() {
  return <AccountDeletedScreen />;
}
