import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoints, type Endpoint } from '@grail/contract';
import { ALL_FLAGS_ON, createTestApp, type TestApp } from '../../test/helpers.js';

interface Registered {
  method: string;
  url: string;
  endpoint: Endpoint | undefined;
}

/**
 * Every route the app registers. The modules register theirs while the app is built, before
 * createTestApp's beforeReady runs, so the onRoute hook is added where the instance is made.
 */
const registered = vi.hoisted(() => [] as Registered[]);
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const fastify = ((options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat())
        registered.push({ method, url: route.url, endpoint: route.config?.endpoint });
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: fastify };
});

/** The interactive API documentation is a plugin's own pages, not an endpoint of the API. */
const isDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');
const isApi = (url: string) => url === '/api' || url.startsWith('/api/');

describe('the endpoint table and the registered routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Breaks are registered only with their flag on (off by default in tests).
    t = await createTestApp({ env: ALL_FLAGS_ON });
  });
  afterAll(() => t?.close());

  it('registers every /api route from a contract endpoint', () => {
    expect(registered.length).toBeGreaterThan(0);
    const undeclared = registered
      .filter((r) => isApi(r.url) && !isDocs(r.url) && !r.endpoint)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('registers every contract endpoint exactly once, with its method and path', () => {
    const problems = Object.entries(endpoints).flatMap(([name, e]: [string, Endpoint]) => {
      const routes = registered.filter((r) => r.endpoint === e && r.method === e.method);
      if (routes.length === 0) return [`${name}: ${e.method} ${e.path} is not registered`];
      if (routes.length > 1) return [`${name}: registered ${routes.length} times`];
      const url = routes[0]!.url;
      return url === e.path ? [] : [`${name}: registered at ${url}, declared at ${e.path}`];
    });
    expect(problems).toEqual([]);
  });

  it('declares each method and path, and each operationId, once', () => {
    const all: Endpoint[] = Object.values(endpoints);
    const duplicates = (keys: string[]) =>
      keys.filter((key, index) => keys.indexOf(key) !== index).sort();
    expect(duplicates(all.map((e) => `${e.method} ${e.path}`))).toEqual([]);
    expect(duplicates(all.map((e) => e.operationId))).toEqual([]);
  });
});
