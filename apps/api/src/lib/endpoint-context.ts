import { AsyncLocalStorage } from 'node:async_hooks';
import type { Endpoint } from '@grail/contract';

/** The endpoint whose handler is running, for the checks made deep inside the services it calls. */
const running = new AsyncLocalStorage<Endpoint>();

/** Runs `work` (a route's handler) as `endpoint`. */
export const runInEndpoint = <T>(endpoint: Endpoint, work: () => T): T =>
  running.run(endpoint, work);

/**
 * Throws when the running endpoint takes an abuse limit but does not declare `rateLimited`: its
 * 429 would be missing from the contract and the OpenAPI document. Every test that reaches such
 * a limit fails with this, so an endpoint cannot forget. Work outside a request (a worker, a CLI)
 * is not an endpoint and passes.
 */
export function assertRateLimited(): void {
  const endpoint = running.getStore();
  if (endpoint && !endpoint.rateLimited)
    throw new Error(
      `${endpoint.method} ${endpoint.path} takes an abuse limit but its contract does not declare rateLimited`,
    );
}
