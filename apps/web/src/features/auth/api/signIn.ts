import { useMutation } from '@tanstack/react-query';
import {
  authPaths,
  type LoginRequest,
  type LoginResponse,
  type LoginTotpRequest,
  type RegisterRequest,
  type SignedInResponse,
} from '@grail/contract';
import { apiRequest } from '@/lib/api/client';

/** POST /api/auth/login: signed in, or asked for a TOTP code. */
export const useLogin = () =>
  useMutation({
    mutationFn: (body: LoginRequest) =>
      apiRequest<LoginResponse>(authPaths.login, { method: 'POST', body }),
  });

/** POST /api/auth/login/totp: the second step, with a TOTP or recovery code. */
export const useLoginTotp = () =>
  useMutation({
    mutationFn: (body: LoginTotpRequest) =>
      apiRequest<SignedInResponse>(authPaths.loginTotp, { method: 'POST', body }),
  });

/** POST /api/auth/register: creates the account and signs in. */
export const useRegister = () =>
  useMutation({
    mutationFn: (body: RegisterRequest) =>
      apiRequest<SignedInResponse>(authPaths.register, { method: 'POST', body }),
  });
