import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/client';

/**
 * A refusal (4xx but a timeout) says the same on every try: it shows at once, so a missing or
 * foreign record's page says so instead of loading on. Other failures get React Query's 3 tries.
 */
export function retryUnlessRefused(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    if (error.status !== 408) return false;
  }
  return failureCount < 3;
}

/**
 * The page's one query cache. A module of its own so that start-up code can fill it before React
 * mounts (see app/routes.tsx), and every hook then finds the answer already there.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, staleTime: 30_000, retry: retryUnlessRefused },
  },
});
