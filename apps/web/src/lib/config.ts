import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { apiPaths, type FeatureFlags, type PublicConfigResponse } from '@grail/contract';
import { apiRequest } from '@/lib/api/client';
import { setDebugLogging } from '@/lib/logger';

const FLAGS_OFF: FeatureFlags = {
  BREAKS_ENABLED: false,
  ADVANCED_ANALYTICS: false,
  DISCORD_INTEGRATION: false,
};

export interface PublicConfig {
  flags: FeatureFlags;
  supportEmail: string;
  xProfileHandle: string;
  /** null until GET /api/config answers. */
  paymentProvider: PublicConfigResponse['paymentProvider'] | null;
  appEnv: PublicConfigResponse['appEnv'] | null;
  debug: boolean;
  isLoading: boolean;
}

export const publicConfigQuery = {
  queryKey: ['config'] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    apiRequest<PublicConfigResponse>(apiPaths.config, { signal }),
  staleTime: Infinity,
};

/**
 * GET /api/config, read once per page load. Until it answers (or if it fails) every flag is off
 * and the support address and X handle fall back to the product defaults.
 */
export function usePublicConfig(): PublicConfig {
  const { data, isPending } = useQuery(publicConfigQuery);
  useEffect(() => {
    if (data) setDebugLogging(data.debug);
  }, [data]);
  return {
    flags: data?.flags ?? FLAGS_OFF,
    supportEmail: data?.supportEmail ?? 'support@grailmachine.example',
    xProfileHandle: data?.xProfileHandle ?? 'GrailMachine',
    paymentProvider: data?.paymentProvider ?? null,
    appEnv: data?.appEnv ?? null,
    debug: data?.debug ?? false,
    isLoading: isPending,
  };
}
