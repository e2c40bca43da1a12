import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ActiveCaseResponse, Pull, PullEvent, RecentPull } from '@grail/contract';
import { fakeFetch } from '@/test/fakeFetch';
import { liveCase, recentPull } from '@/test/grail';
import { providersFor } from '@/test/providers';
import { caseKeys } from '@/lib/api/activeCase';
import { resetRequestLayer } from '@/lib/api/client';
import { pullKeys, usePullActions } from '@/lib/api/pulls';
import { recentPullsKeys } from '@/lib/api/recentPulls';
import { walletKeys } from '@/lib/api/wallet';
import { useBuyPack } from './useBuyPack';
import { useGrailEvents } from './useGrailEvents';

const live = liveCase();
const { caseId } = live;
const recent = recentPull;
const bought: Pull = {
  _id: '6f1c1a50-0000-4000-8000-0000000000aa',
  caseId,
  caseName: 'Launch Case',
  k: 5,
  totalItems: 64,
  card: {
    _id: 'card-1',
    name: 'Card',
    grade: 'PSA GEM MT 10',
    grader: 'PSA',
    certNumber: '123',
    certUrl: null,
    images: [],
    imageUrl: '',
    fmv: 120,
    tier: 'Chase',
  },
  status: 'revealed',
  pulledAt: '2026-11-22T12:00:00.000Z',
  price: 25,
  proof: { clientSeed: 'seed', k: 5, remainingBefore: 60, position: 3 },
  sellBack: { amount: 102, percent: 85, until: '2026-11-25T12:00:00.000Z' },
  soldBackFor: null,
  autoSold: false,
  shipment: null,
};

/** Stands in for the browser's EventSource: the test sends the events. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  readonly listeners = new Map<string, (message: MessageEvent<string>) => void>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(name: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(name, listener);
  }
  close() {
    this.closed = true;
  }
  send(name: string, data: string) {
    this.listeners.get(name)?.(new MessageEvent(name, { data }));
  }
}

const setup = () => providersFor();

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

describe('the live pulls stream', () => {
  it('updates the shared active case and recent pulls, and skips what it cannot read', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { client, wrapper } = setup();
    client.setQueryData(caseKeys.active(), live);
    client.setQueryData(recentPullsKeys.list(), [recent('old')]);
    const { unmount } = renderHook(() => useGrailEvents(), { wrapper });
    const source = FakeEventSource.last!;
    expect(source.url).toBe('/api/grail-cases/events');

    const event: PullEvent = {
      caseId,
      k: 5,
      remaining: 59,
      totalItems: 64,
      status: 'active',
      pull: recent('new'),
    };
    act(() => {
      source.send('pull', 'not json');
      source.send('pull', JSON.stringify({ ...event, remaining: 'many' }));
      source.send('pull', JSON.stringify(event));
    });
    // Each event is read once the schema has loaded (with the first event), in the order sent.
    await waitFor(() =>
      expect(client.getQueryData<ActiveCaseResponse>(caseKeys.active())?.remaining).toBe(59),
    );
    expect(client.getQueryData<RecentPull[]>(recentPullsKeys.list())?.map((p) => p._id)).toEqual([
      'new',
      'old',
    ]);
    // The odds and EV depend on what is left: the case is fetched again.
    expect(client.getQueryState(caseKeys.active())?.isInvalidated).toBe(true);

    unmount();
    expect(source.closed).toBe(true);
  });

  it('refetches the live case and recent pulls when the stream comes back, not when it first opens', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { client, wrapper } = setup();
    client.setQueryData(caseKeys.active(), live);
    client.setQueryData(recentPullsKeys.list(), [recent('old')]);
    renderHook(() => useGrailEvents(), { wrapper });
    const source = FakeEventSource.last!;

    act(() => source.send('open', ''));
    expect(client.getQueryState(caseKeys.active())?.isInvalidated).toBe(false);
    // Its instance drained, or the network dropped: pulls sold meanwhile never came.
    act(() => source.send('open', ''));
    expect(client.getQueryState(caseKeys.active())?.isInvalidated).toBe(true);
    expect(client.getQueryState(recentPullsKeys.list())?.isInvalidated).toBe(true);
  });
});

describe('buying a pack', () => {
  it('caches the pull and refreshes the wallet, the active case and the collector pulls', async () => {
    const { calls } = fakeFetch({
      [`/api/grail-cases/${caseId}/packs`]: [{ status: 201, body: { pull: bought } }],
    });
    const { client, wrapper } = setup();
    client.setQueryData(caseKeys.active(), live);
    client.setQueryData(pullKeys.list(), []);
    client.setQueryData(walletKeys.page(1, 10), { balance: 100, entries: [] });
    const { result } = renderHook(() => useBuyPack(), { wrapper });
    act(() => result.current.mutate({ caseId, idempotencyKey: 'key-1' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.headers['Idempotency-Key']).toBe('key-1');
    expect(client.getQueryData(pullKeys.detail(bought._id))).toEqual({ pull: bought });
    expect(client.getQueryState(caseKeys.active())?.isInvalidated).toBe(true);
    expect(client.getQueryState(pullKeys.list())?.isInvalidated).toBe(true);
    expect(client.getQueryState(walletKeys.page(1, 10))?.isInvalidated).toBe(true);
  });
});

describe("a pull's actions", () => {
  it('store the answered pull and refresh the list; a sell-back leaves the pull on error', async () => {
    fakeFetch({
      [`/api/pulls/${bought._id}/claim`]: [
        { body: { pull: { ...bought, status: 'claimed', sellBack: null } } },
      ],
      [`/api/pulls/${bought._id}/sell-back`]: [
        { status: 409, body: { message: 'Already claimed', error: 'Conflict' } },
      ],
    });
    const { client, wrapper } = setup();
    client.setQueryData(pullKeys.list(), [bought]);
    const { result } = renderHook(() => usePullActions(), { wrapper });
    act(() => result.current.claim.mutate(bought._id));
    await waitFor(() => expect(result.current.claim.isSuccess).toBe(true));
    expect(client.getQueryData<{ pull: Pull }>(pullKeys.detail(bought._id))?.pull.status).toBe(
      'claimed',
    );
    expect(client.getQueryState(pullKeys.list())?.isInvalidated).toBe(true);

    act(() => result.current.sellBack.mutate(bought._id));
    await waitFor(() => expect(result.current.sellBack.isError).toBe(true));
    expect(result.current.sellBack.error?.message).toBe('Already claimed');
    expect(client.getQueryData<{ pull: Pull }>(pullKeys.detail(bought._id))?.pull.status).toBe(
      'claimed',
    );
  });
});
