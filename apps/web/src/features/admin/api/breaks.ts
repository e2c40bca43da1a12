import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminBreak, type BreakInput, type BreakUpdate, type HitInput } from '@grail/contract';
import { breakEndpoints } from '@/lib/api/endpoints';
import { breakKeys } from '@/lib/api/breaks';
import { callApi } from '@/lib/api/callApi';

const adminBreakKeys = {
  all: ['admin', 'breaks'] as const,
  list: () => [...adminBreakKeys.all, 'list'] as const,
  detail: (id: string) => [...adminBreakKeys.all, 'detail', id] as const,
};

/** Every break, drafts included, newest first. */
export function useAdminBreaks() {
  return useQuery({
    queryKey: adminBreakKeys.list(),
    queryFn: async ({ signal }) => (await callApi(breakEndpoints.adminBreaks, { signal })).breaks,
  });
}

/** One break as staff see it: buyers, refunds, hits and their buyback prices. */
export function useAdminBreak(id: string | null) {
  return useQuery({
    queryKey: adminBreakKeys.detail(id ?? ''),
    queryFn: async ({ signal }) =>
      (await callApi(breakEndpoints.adminBreak, { params: { id: id! }, signal })).break,
    enabled: Boolean(id),
  });
}

export type BreakCommand = 'open' | 'start' | 'complete' | 'cancel';
const COMMANDS = {
  open: breakEndpoints.adminOpenBreak,
  start: breakEndpoints.adminStartBreak,
  complete: breakEndpoints.adminCompleteBreak,
  cancel: breakEndpoints.adminCancelBreak,
} as const;

/**
 * Every staff command answers the updated break, which replaces the cached one; the staff list
 * and every public view of breaks are refreshed after each.
 */
export function useBreakCommands() {
  const queryClient = useQueryClient();
  const done = (b: AdminBreak) => {
    queryClient.setQueryData(adminBreakKeys.detail(b._id), b);
    void queryClient.invalidateQueries({ queryKey: adminBreakKeys.list() });
    void queryClient.invalidateQueries({ queryKey: breakKeys.all });
  };
  return {
    create: useMutation({
      mutationFn: (input: BreakInput) => callApi(breakEndpoints.adminCreateBreak, { body: input }),
      onSuccess: (data) => done(data.break),
    }),
    update: useMutation({
      mutationFn: ({ id, patch }: { id: string; patch: BreakUpdate }) =>
        callApi(breakEndpoints.adminUpdateBreak, { params: { id }, body: patch }),
      onSuccess: (data) => done(data.break),
    }),
    command: useMutation({
      mutationFn: async ({ id, command }: { id: string; command: BreakCommand }) =>
        (await callApi(COMMANDS[command], { params: { id } })).break,
      onSuccess: done,
    }),
    addHit: useMutation({
      mutationFn: ({ id, hit }: { id: string; hit: HitInput }) =>
        callApi(breakEndpoints.adminAddHit, { params: { id }, body: hit }),
      onSuccess: (data) => done(data.break),
    }),
    setBuyback: useMutation({
      mutationFn: ({
        id,
        hitId,
        buybackPrice,
      }: {
        id: string;
        hitId: string;
        buybackPrice: number | null;
      }) =>
        callApi(breakEndpoints.adminUpdateHit, {
          params: { id, hitId },
          body: { buybackPrice },
        }),
      onSuccess: (data) => done(data.break),
    }),
    upload: useMutation({
      mutationFn: ({ id, file }: { id: string; file: File }) => {
        const form = new FormData();
        form.append('image', file);
        return callApi(breakEndpoints.adminUploadBreakImage, { params: { id }, body: form });
      },
    }),
  };
}
