import { Landing } from '../../../features/home/components/landing.tsx';
import { WelcomeBack } from '../../../features/home/components/welcome-back.tsx';
import { useProfile } from '../../../features/user/api/get-profile.ts';
import { useIsSignedIn } from '../../../lib/auth/session.ts';

/** Home (not guarded): a landing page for visitors, a welcome for signed-in users. */
export function Component() {
  const signedIn = useIsSignedIn();
  const profile = useProfile({ enabled: signedIn });
  return signedIn ? <WelcomeBack email={profile.data?.email} /> : <Landing />;
}
