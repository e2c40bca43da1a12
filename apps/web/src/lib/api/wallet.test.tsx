import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { fakeFetch } from '@/test/fakeFetch';
import { providersFor } from '@/test/providers';
import { resetRequestLayer, setCsrfToken } from './client';
import { walletStatement } from '@/test/wallet';
import { useTopUp, useWallet, walletKeys, WALLET_PAGE_SIZE } from './wallet';

const statement = (balance: number) => walletStatement(balance, WALLET_PAGE_SIZE);

const setup = () => providersFor({ path: '/checkout' });

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

describe('the wallet', () => {
  it('is one request for every place that shows the balance, refreshed by one invalidation', async () => {
    const { calls } = fakeFetch({
      '/api/wallet': [{ body: statement(12.5) }, { body: statement(2.5) }],
    });
    const { client, wrapper } = setup();
    // The checkout, the pack dialog and the dashboard's first page.
    const { result } = renderHook(
      () => [useWallet(), useWallet({ enabled: true }), useWallet({ page: 1 })],
      { wrapper },
    );
    await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true));
    expect(result.current.map((q) => q.data?.balance)).toEqual([12.5, 12.5, 12.5]);
    expect(calls.map((c) => c.url)).toEqual([`/api/wallet?page=1&limit=${WALLET_PAGE_SIZE}`]);

    await act(() => client.invalidateQueries({ queryKey: walletKeys.all }));
    await waitFor(() => expect(result.current[0]!.data?.balance).toBe(2.5));
    expect(calls).toHaveLength(2);
  });

  it('asks nothing while disabled (nobody signed in)', () => {
    const { calls } = fakeFetch({ '/api/wallet': [{ body: statement(0) }] });
    const { wrapper } = setup();
    const { result } = renderHook(() => useWallet({ enabled: false }), { wrapper });
    expect(result.current.fetchStatus).toBe('idle');
    expect(calls).toHaveLength(0);
  });

  it("starts a top-up and opens the sandbox's checkout page inside the app", async () => {
    setCsrfToken('csrf-token');
    const checkoutUrl = '/payments/sandbox/6f1c1a50-0000-4000-8000-000000000001?return=%2Fcheckout';
    const { calls } = fakeFetch({
      'POST /api/wallet/top-ups': [{ status: 201, body: { checkoutUrl, topUpId: 't1' } }],
    });
    const { wrapper } = setup();
    const { result } = renderHook(() => ({ topUp: useTopUp(), location: useLocation() }), {
      wrapper,
    });
    await act(() => result.current.topUp.mutateAsync({ amount: 20, returnPath: '/checkout' }));
    expect(JSON.parse(String(calls[0]!.body))).toEqual({ amount: 20, returnPath: '/checkout' });
    await waitFor(() =>
      expect(`${result.current.location.pathname}${result.current.location.search}`).toBe(
        checkoutUrl,
      ),
    );
  });
});
