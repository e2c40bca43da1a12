import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type FeatureFlags, type PublicConfigResponse } from '@grail/contract';
import { platformEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
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
  /** null until the public settings answer. */
  paymentProvider: PublicConfigResponse['paymentProvider'] | null;
  appEnv: PublicConfigResponse['appEnv'] | null;
  debug: boolean;
  /** GA4, set only while ADVANCED_ANALYTICS is on (features/analytics). */
  analyticsMeasurementId: string | null;
  isLoading: boolean;
}

/**
 * The app's start prefetches it on the landing page. Staff switch feature flags at run time, so
 * an open page reads it again after a minute when it regains focus, and links and routes follow.
 */
export const publicConfigQuery = queryOptions({
  queryKey: ['config'] as const,
  queryFn: ({ signal }) => callApi(platformEndpoints.config, { signal }),
  staleTime: 60_000,
});

/**
 * The public settings (platformEndpoints.config), read once per page load. Until it answers (or if it fails) every flag is off
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
    analyticsMeasurementId: data?.analyticsMeasurementId ?? null,
    isLoading: isPending,
  };
}
