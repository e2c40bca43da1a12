import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { fakeFetch } from '@/test/fakeFetch';
import { providersFor } from '@/test/providers';
import { useActiveCase } from '@/lib/api/activeCase';
import { resetRequestLayer } from '@/lib/api/client';
import { useRecentPulls } from '@/lib/api/recentPulls';
import { prefetchFirstScreen } from './prefetchFirstScreen';

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

describe('first-screen prefetch', () => {
  it('fills the very cache entries the status block reads, so it asks nothing again', async () => {
    const { calls } = fakeFetch({
      '/api/grail-cases/active': [{ status: 404, body: { message: 'none', error: 'Not Found' } }],
      '/api/grail-cases/recent-pulls': [{ body: { pulls: [] } }],
      '/api/products/carousel-cards': [{ body: [] }],
    });
    // The page's cache keeps answers fresh for 30 s (lib/queryClient.ts).
    const client = new QueryClient({
      defaultOptions: { queries: { staleTime: 30_000, retryDelay: 0 } },
    });
    prefetchFirstScreen(client);
    await waitFor(() => expect(client.isFetching()).toBe(0));
    const asked = calls.length;

    const { wrapper } = providersFor({ client });
    const active = renderHook(() => useActiveCase(), { wrapper });
    const pulls = renderHook(() => useRecentPulls(), { wrapper });
    expect(active.result.current.isSuccess).toBe(true);
    expect(active.result.current.data).toBeNull();
    expect(pulls.result.current.data).toEqual([]);
    expect(calls).toHaveLength(asked);
  });
});
