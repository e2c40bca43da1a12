import { useMutation } from '@tanstack/react-query';
import { authEndpoints, type ProfileRequest } from '@grail/contract';
import { callApi } from '@/lib/api/callApi';

/** The complete-profile step (18+ checked on the server too). */
export const useSaveProfile = () =>
  useMutation({
    mutationFn: (body: ProfileRequest) => callApi(authEndpoints.saveProfile, { body }),
  });
