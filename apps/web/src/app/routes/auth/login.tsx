import { LoginScreen } from '../../../features/auth/components/login-screen.tsx';
import { useAfterSignIn } from './after-sign-in.ts';

export function Component() {
  const afterSignIn = useAfterSignIn();
  return <LoginScreen onSuccess={afterSignIn} />;
}
