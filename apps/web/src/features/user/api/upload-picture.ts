import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ProfileSchema, type Profile } from '@blok/contract/user';
import { api } from '../../../lib/api-client.ts';
import { profileQueryOptions } from './get-profile.ts';

/** PUT user/profile/picture with the file itself as the body (jpg, png or webp, at most 5 MB). */
export const uploadPicture = (file: File) => api.put<Profile>('user/profile/picture', file, ProfileSchema, { skipErrorPopup: true });

/** DELETE user/profile/picture: back to the default picture. */
export const removePicture = () => api.delete<Profile>('user/profile/picture', ProfileSchema, { skipErrorPopup: true });

export const useUploadPicture = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPicture,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions().queryKey, profile),
  });
};

export const useRemovePicture = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePicture,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions().queryKey, profile),
  });
};
