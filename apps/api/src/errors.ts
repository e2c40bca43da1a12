import { STATUS_CODES } from 'node:http';

/**
 * A failure a client should see: services throw it, the error plugin turns it into
 * `{ message, error, ...extra }` with its status. Anything else becomes a bare 500.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly error: string = STATUS_CODES[statusCode] ?? 'Error',
    readonly extra: Record<string, unknown> = {},
    /** Headers the answer carries, such as Retry-After on a 429 or 503. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new AppError(400, message, 'Bad Request', extra);
export const unauthorized = (message = 'Not authenticated') =>
  new AppError(401, message, 'Unauthorized');
export const forbidden = (message: string, error = 'Forbidden', extra?: Record<string, unknown>) =>
  new AppError(403, message, error, extra);
export const notFound = (message = 'Not found') => new AppError(404, message, 'Not Found');
export const conflict = (message: string, extra?: Record<string, unknown>) =>
  new AppError(409, message, 'Conflict', extra);
