import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { profileQueryOptions } from '../../../features/user/api/get-profile.ts';
import { isMarkedSignedIn } from '../../../lib/auth/token-storage.ts';
import { signInReturnPath } from '../../../lib/return-to.ts';

/**
 * After a login or a registration: load the profile, then Home (spec section 4), or the in-app
 * screen she was opening when the guard sent her here (`?redirectTo=`, issue 26).
 */
export function useAfterSignIn(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const returnTo = signInReturnPath(search.get('redirectTo'));
  return async () => {
    await queryClient.prefetchQuery(profileQueryOptions());
    // Loading the profile can end the session (another device took over): then stay out.
    if (!isMarkedSignedIn()) return;
    await navigate(returnTo ?? paths.home.root.getHref(), { replace: true });
  };
}
