import { ApiError } from './client';

/**
 * The API has no such record for the caller: 404 (missing, or another account's: the API does not
 * say which), or 400 for an id that cannot be one. Detail pages then show the not-found page.
 */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);
