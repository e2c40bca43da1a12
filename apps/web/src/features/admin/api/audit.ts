import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AuditQuery, type EndpointQueryInput } from '@grail/contract';
import { auditEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';

/** The audit log filters as the page holds them (text from the address bar). */
export type AuditFilters = Partial<Record<keyof AuditQuery, string>>;

/** One page of the audit log, newest first; the previous page stays while the next loads. */
export function useAuditLog(filters: AuditFilters) {
  return useQuery({
    queryKey: ['admin', 'audit', filters] as const,
    queryFn: ({ signal }) =>
      callApi(auditEndpoints.adminAuditLog, {
        // The server checks every filter and names a bad one.
        query: filters as EndpointQueryInput<typeof auditEndpoints.adminAuditLog>,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
