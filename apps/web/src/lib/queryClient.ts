import { QueryClient } from '@tanstack/react-query';

/**
 * The page's one query cache. A module of its own so that start-up code can fill it before React
 * mounts (see app/routes.tsx), and every hook then finds the answer already there.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, staleTime: 30_000 } },
});
