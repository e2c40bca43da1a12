import { afterEach, beforeEach, vi } from 'vitest';
import { resetRequestLayer } from '@/lib/api/client';

export interface FakeCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply =
  { status?: number; body?: unknown } | ((call: FakeCall) => { status?: number; body?: unknown });

/**
 * A scripted fetch: each matching request takes the next reply queued for its path (the last
 * reply repeats). Records every call with its headers.
 */
export function fakeFetch(routes: Record<string, Reply[]>) {
  const calls: FakeCall[] = [];
  const queues = new Map(Object.entries(routes).map(([path, replies]) => [path, [...replies]]));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const call: FakeCall = {
      url,
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body,
    };
    calls.push(call);
    const key = `${call.method} ${url.split('?')[0]}`;
    const queue = queues.get(key) ?? queues.get(url.split('?')[0]!);
    if (!queue || queue.length === 0) throw new Error(`unexpected request ${key}`);
    const next = queue.length > 1 ? queue.shift()! : queue[0]!;
    const reply = typeof next === 'function' ? next(call) : next;
    const status = reply.status ?? 200;
    return new Response(
      reply.body === undefined || status === 204 ? null : JSON.stringify(reply.body),
      { status, headers: { 'content-type': 'application/json' } },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const signedInUser = {
  _id: 'u1',
  email: 'collector@example.com',
  username: 'collector',
  role: 'user' as const,
  emailVerified: true,
  displayName: 'Collector',
  dateOfBirth: '1990-01-01',
  shippingAddress: null,
  profileComplete: true,
  totpEnabled: false,
  theme: null,
  clientSeed: 'seed',
  pullsAnonymous: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/**
 * For a file whose tests script fetch: each test starts with a fresh request layer (no CSRF
 * token, no queued session reset) and ends with fetch and every spy put back.
 */
export function isolateRequests() {
  beforeEach(() => resetRequestLayer());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
