import { HomeDashboard, isNewStudent } from '../../../features/home/components/home-dashboard.tsx';
import { Landing } from '../../../features/home/components/landing.tsx';
import { useProfile } from '../../../features/user/api/get-profile.ts';
import { useIsSignedIn } from '../../../lib/auth/session.ts';

/** Home (not guarded): a landing page for visitors, the study dashboard for signed-in students. */
export function Component() {
  const signedIn = useIsSignedIn();
  const profile = useProfile({ enabled: signedIn });
  return signedIn ? <HomeDashboard firstName={profile.data?.firstName} isNew={isNewStudent(profile.data?.createdAt)} /> : <Landing />;
}
