import type { ReactNode } from 'react';
import type { FeatureFlag } from '@grail/contract';
import { usePublicConfig } from '@/lib/config';
import { LoadingScreen } from '@/components/LoadingScreen';
import { NotFoundPage } from '@/app/pages/NotFoundPage';

/** A route that exists only while its feature flag is on; otherwise it is the 404 page. */
export function FlagRoute({ flag, children }: { flag: FeatureFlag; children: ReactNode }) {
  const { flags, isLoading } = usePublicConfig();
  if (isLoading) return <LoadingScreen text="Loading..." />;
  return flags[flag] ? <>{children}</> : <NotFoundPage />;
}
