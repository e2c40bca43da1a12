import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SellSettingsResponse } from '@grail/contract';
import { submissionEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { submissionKeys } from '@/lib/api/submissions';

/** Under the submissions' keys: a new submission changes the open count the form shows. */
export const sellSettingsKeys = {
  settings: () => [...submissionKeys.all, 'sell-settings'] as const,
};

/** PSA lookup on or off, the store-credit bonus, the limits and the open submissions. */
export async function getSellSettings(signal?: AbortSignal): Promise<SellSettingsResponse> {
  return callApi(submissionEndpoints.sellSettings, { signal });
}

export const sellSettingsQueryOptions = () =>
  queryOptions({
    queryKey: sellSettingsKeys.settings(),
    queryFn: ({ signal }) => getSellSettings(signal),
  });

export const useSellSettings = (enabled = true) =>
  useQuery({ ...sellSettingsQueryOptions(), enabled });
