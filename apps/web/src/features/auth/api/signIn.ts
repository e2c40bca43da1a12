import { useMutation } from '@tanstack/react-query';
import { type LoginRequest, type LoginTotpRequest, type RegisterBody } from '@grail/contract';
import { authEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';

/** Sign in: signed in, or asked for a TOTP code. */
export const useLogin = () =>
  useMutation({
    mutationFn: (body: LoginRequest) => callApi(authEndpoints.login, { body }),
  });

/** The second sign-in step, with a TOTP or recovery code. */
export const useLoginTotp = () =>
  useMutation({
    mutationFn: (body: LoginTotpRequest) => callApi(authEndpoints.loginTotp, { body }),
  });

/** Sign up: creates the account and signs in. */
export const useRegister = () =>
  useMutation({
    mutationFn: (body: RegisterBody) => callApi(authEndpoints.register, { body }),
  });
