import { ApiError } from './client';

/**
 * One quick retry for a server hiccup (5xx) or a timeout (408); any other failure, a 4xx or an
 * unreachable server, is shown at once.
 */
export function retryServerErrorsOnce(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500 && error.status !== 408) return false;
  return failureCount < 1;
}
