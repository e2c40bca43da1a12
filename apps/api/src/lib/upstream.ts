/**
 * Calls to outside services (X, PSA) fail the same ways: no answer in time, no connection, a 429
 * that says when to ask again, another non-2xx status, or a body that is not JSON. This turns each
 * into the service's own error class with a message naming the service, so every client reports a
 * failure alike and the caller decides what to serve instead.
 */

/** An outside service gave no usable answer: the why, its HTTP status if any, when to ask again. */
export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** When the service said we may ask again (on a 429). */
    readonly retryAt?: Date,
  ) {
    super(message);
  }
}

export interface UpstreamRequest<E extends UpstreamError> {
  /** How messages name the service: 'X API', 'PSA'. */
  service: string;
  /** The client's own error class, so callers can tell one service's failures from another's. */
  error: new (message: string, status?: number, retryAt?: Date) => E;
  headers: Record<string, string>;
  /** Per request: a slow service must not hold the page that waits for it. */
  timeoutMs: number;
  /** When a 429 answer says the service may be asked again (each names it its own way). */
  retryAt: (res: Response) => Date | undefined;
  /** What a 429 means at this service, added to its message: '(daily quota)'. */
  rateLimitNote?: string;
}

/** GETs `url` and answers its status and JSON body, or throws the request's error class. */
export async function getJson<E extends UpstreamError>(
  url: URL | string,
  req: UpstreamRequest<E>,
): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, { headers: req.headers, signal: AbortSignal.timeout(req.timeoutMs) });
  } catch (err) {
    const timedOut = err instanceof Error && err.name === 'TimeoutError';
    throw new req.error(
      timedOut
        ? `${req.service} did not answer within ${req.timeoutMs} ms`
        : `${req.service} unreachable: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  if (res.status === 429) {
    await res.body?.cancel();
    const note = req.rateLimitNote ? ` ${req.rateLimitNote}` : '';
    throw new req.error(`${req.service} rate limit reached${note}`, 429, req.retryAt(res));
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new req.error(`${req.service} answered ${res.status}`, res.status);
  }
  try {
    return { status: res.status, body: await res.json() };
  } catch {
    throw new req.error(`${req.service} answered malformed JSON`, res.status);
  }
}
