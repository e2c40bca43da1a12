import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { RECENT_PULLS_LIMIT, type RecentPull } from '@grail/contract';
import { fakeFetch } from '@/test/fakeFetch';
import { liveCase, recentPull } from '@/test/grail';
import { providersFor } from '@/test/providers';
import { ApiError, resetRequestLayer } from './client';
import { caseKeys, useActiveCase } from './activeCase';
import { addRecentPull, recentPullsKeys, useRecentPulls } from './recentPulls';
import { retryServerErrorsOnce } from './retry';

const live = liveCase();
const pull = recentPull;

// Retries on: the retry rules are what these tests are about.
const setup = () => providersFor({ queries: { retry: undefined, retryDelay: 0 } });

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

describe('the active case', () => {
  it('is null, not an error, when the API answers 404 (no case)', async () => {
    const { calls } = fakeFetch({
      '/api/grail-cases/active': [{ status: 404, body: { message: 'none', error: 'Not Found' } }],
    });
    const { wrapper } = setup();
    const { result } = renderHook(() => useActiveCase(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('retries a server error once, then fails', async () => {
    const { calls } = fakeFetch({
      '/api/grail-cases/active': [{ status: 500, body: { message: 'x', error: 'y' } }],
    });
    const { wrapper } = setup();
    const { result } = renderHook(() => useActiveCase(), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(calls).toHaveLength(2);
  });

  it('refuses an answer outside the contract', async () => {
    fakeFetch({ '/api/grail-cases/active': [{ body: { caseId: 'c1' } }] });
    const { wrapper } = setup();
    const { result } = renderHook(() => useActiveCase(), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toMatch(/outside its contract/);
  });

  it('is read from one cache entry', async () => {
    fakeFetch({ '/api/grail-cases/active': [{ body: live }] });
    const { client, wrapper } = setup();
    const { result } = renderHook(() => useActiveCase(), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(live));
    expect(client.getQueryData(caseKeys.active())).toEqual(live);
  });
});

describe('recent pulls', () => {
  it('asks for the site-wide number of pulls', async () => {
    const { calls } = fakeFetch({ '/api/grail-cases/recent-pulls': [{ body: { pulls: [] } }] });
    const { wrapper } = setup();
    const { result } = renderHook(() => useRecentPulls(), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual([]));
    expect(calls[0]!.url).toBe(`/api/grail-cases/recent-pulls?limit=${RECENT_PULLS_LIMIT}`);
  });

  it('puts a live pull first, once, and keeps the list at its length', () => {
    const { client } = setup();
    const full = Array.from({ length: RECENT_PULLS_LIMIT }, (_, i) => pull(`p${i}`));
    client.setQueryData(recentPullsKeys.list(), full);
    addRecentPull(client, pull('new'));
    addRecentPull(client, pull('new'));
    const list = client.getQueryData<RecentPull[]>(recentPullsKeys.list())!;
    expect(list).toHaveLength(RECENT_PULLS_LIMIT);
    expect(list.map((p) => p._id).slice(0, 2)).toEqual(['new', 'p0']);
  });

  it('leaves a list not fetched yet alone rather than caching one pull as the whole list', () => {
    const { client } = setup();
    addRecentPull(client, pull('new'));
    expect(client.getQueryData(recentPullsKeys.list())).toBeUndefined();
  });
});

describe('retryServerErrorsOnce', () => {
  it('retries once for server errors and timeouts; never for other client errors', () => {
    expect(retryServerErrorsOnce(0, new ApiError('x', 500))).toBe(true);
    expect(retryServerErrorsOnce(1, new ApiError('x', 500))).toBe(false);
    expect(retryServerErrorsOnce(0, new ApiError('x', 408))).toBe(true);
    expect(retryServerErrorsOnce(0, new ApiError('x', 0))).toBe(false);
    expect(retryServerErrorsOnce(0, new ApiError('x', 404))).toBe(false);
    expect(retryServerErrorsOnce(0, new ApiError('x', 429))).toBe(false);
  });
});
