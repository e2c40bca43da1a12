import { useMutation } from '@tanstack/react-query';
import { authEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';

/** A new TOTP secret and its QR code (not on until confirmed). */
export const useTotpSetup = () =>
  useMutation({
    mutationFn: () => callApi(authEndpoints.totpSetup),
  });

/** Confirms a code and turns two-factor on; answers the recovery codes once. */
export const useTotpEnable = () =>
  useMutation({
    mutationFn: (code: string) => callApi(authEndpoints.totpEnable, { body: { code } }),
  });
