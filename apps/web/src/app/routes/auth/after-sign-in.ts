import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { profileQueryOptions } from '../../../features/user/api/get-profile.ts';
import { isMarkedSignedIn } from '../../../lib/auth/token-storage.ts';

/** After a login or a registration: load the profile, then Home (spec section 4). */
export function useAfterSignIn(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await queryClient.prefetchQuery(profileQueryOptions());
    // Loading the profile can end the session (another device took over): then stay out.
    if (!isMarkedSignedIn()) return;
    await navigate(paths.home.root.getHref(), { replace: true });
  };
}
