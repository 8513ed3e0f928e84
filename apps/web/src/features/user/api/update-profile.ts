import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ProfileSchema, type Profile, type UpdateProfileBody } from '@blok/contract/user';
import { api } from '../../../lib/api-client.ts';
import { profileQueryOptions } from './get-profile.ts';

/** PUT user/profile: name and study choice; answers the new profile. */
export const updateProfile = (body: UpdateProfileBody) => api.put<Profile>('user/profile', body, ProfileSchema, { skipErrorPopup: true });

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions().queryKey, profile);
      // Study and year decide the library's subjects.
      return queryClient.invalidateQueries({ queryKey: ['library'] });
    },
  });
};
