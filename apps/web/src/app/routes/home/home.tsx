import { useState } from 'react';
import { HomeDashboard, isNewStudent } from '../../../features/home/components/home-dashboard.tsx';
import { Landing } from '../../../features/home/components/landing.tsx';
import { LibrarySuggestions } from '../../../features/library/components/library-suggestions.tsx';
import { TodayPlan } from '../../../features/plan/components/today-plan.tsx';
import { useProfile } from '../../../features/user/api/get-profile.ts';
import { useIsSignedIn } from '../../../lib/auth/session.ts';

/** 'Populair bij jouw studie' on Home when her library is empty, with its own announcements. */
function HomeSuggestions() {
  const [announcement, setAnnouncement] = useState('');
  return (
    <>
      <LibrarySuggestions onAnnounce={setAnnouncement} />
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}

/** Home (not guarded): a landing page for visitors, the study dashboard for signed-in students. */
export function Component() {
  const signedIn = useIsSignedIn();
  const profile = useProfile({ enabled: signedIn });
  return signedIn ? (
    <HomeDashboard firstName={profile.data?.firstName} isNew={isNewStudent(profile.data?.createdAt)} suggestions={<HomeSuggestions />} today={<TodayPlan />} />
  ) : (
    <Landing />
  );
}
