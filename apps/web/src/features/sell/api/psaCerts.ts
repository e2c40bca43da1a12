import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type PsaLookupResponse } from '@grail/contract';
import { submissionEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';

/** One answer per cert for the page's life: PSA's data for a slab does not change. */
export const psaCertKeys = {
  all: ['psa-certs'] as const,
  cert: (cert: string) => [...psaCertKeys.all, cert] as const,
};

export async function lookUpPsaCert(
  cert: string,
  signal?: AbortSignal,
): Promise<PsaLookupResponse> {
  return callApi(submissionEndpoints.psaLookup, { query: { cert }, signal });
}

/** Asks the server (which asks PSA, through its cache) about a PSA cert; never throws for PSA's failures. */
export function usePsaLookup() {
  const queryClient = useQueryClient();
  return useCallback(
    (cert: string) =>
      queryClient.fetchQuery({
        queryKey: psaCertKeys.cert(cert),
        queryFn: ({ signal }) => lookUpPsaCert(cert, signal),
        staleTime: Infinity,
      }),
    [queryClient],
  );
}
