import { lazy, Suspense, useState } from 'react';
import { HomeDashboard, isNewStudent } from '../../../features/home/components/home-dashboard.tsx';
import { Landing } from '../../../features/home/components/landing.tsx';
import { TodayPlan } from '../../../features/plan/components/today-plan.tsx';
import { useProfile } from '../../../features/user/api/get-profile.ts';
import { useIsSignedIn } from '../../../lib/auth/session.ts';

/**
 * 'Populair bij jouw studie': shown only while her library is empty, so its code (the subject tiles)
 * loads only then, not with every Home (issue 43). The library's overview imports the same chunk, so
 * the service worker has it with the study screens.
 */
const LibrarySuggestions = lazy(() => import('../../../features/library/components/library-suggestions.tsx').then((module) => ({ default: module.LibrarySuggestions })));

/** 'Populair bij jouw studie' on Home when her library is empty, with its own announcements. */
function HomeSuggestions() {
  const [announcement, setAnnouncement] = useState('');
  return (
    <>
      <Suspense fallback={null}>
        <LibrarySuggestions onAnnounce={setAnnouncement} />
      </Suspense>
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
