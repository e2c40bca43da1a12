import { useMutation } from '@tanstack/react-query';
import { authPaths, type TotpEnableResponse, type TotpSetupResponse } from '@grail/contract';
import { apiRequest } from '@/lib/api/client';

/** POST /api/auth/totp/setup: a new secret and its QR code (not on until confirmed). */
export const useTotpSetup = () =>
  useMutation({
    mutationFn: () => apiRequest<TotpSetupResponse>(authPaths.totpSetup, { method: 'POST' }),
  });

/** POST /api/auth/totp/enable: confirms a code; answers the recovery codes once. */
export const useTotpEnable = () =>
  useMutation({
    mutationFn: (code: string) =>
      apiRequest<TotpEnableResponse>(authPaths.totpEnable, { method: 'POST', body: { code } }),
  });
