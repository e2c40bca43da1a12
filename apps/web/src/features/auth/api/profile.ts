import { useMutation } from '@tanstack/react-query';
import { authPaths, type ProfileRequest, type UserResponse } from '@grail/contract';
import { apiRequest } from '@/lib/api/client';

/** PUT /api/users/me/profile: the complete-profile step (18+ checked on the server too). */
export const useSaveProfile = () =>
  useMutation({
    mutationFn: (body: ProfileRequest) =>
      apiRequest<UserResponse>(authPaths.profile, { method: 'PUT', body }),
  });
