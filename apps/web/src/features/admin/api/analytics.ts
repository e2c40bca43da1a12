import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { analyticsEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';

export function useAnalytics(from: string, to: string) {
  return useQuery({
    queryKey: ['admin', 'analytics', from, to] as const,
    queryFn: ({ signal }) =>
      callApi(analyticsEndpoints.adminAnalytics, { query: { from, to }, signal }),
    placeholderData: keepPreviousData,
  });
}
