import { useMutation } from '@tanstack/react-query';
import { type ProfileRequest } from '@grail/contract';
import { authEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';

/** The complete-profile step (18+ checked on the server too). */
export const useSaveProfile = () =>
  useMutation({
    mutationFn: (body: ProfileRequest) => callApi(authEndpoints.saveProfile, { body }),
  });
