/**
 * PostgreSQL ends one of two transactions that wait on each other (a deadlock, 40P01) or that
 * could not be serialized (40001). The whole transaction rolled back, so it may simply run again:
 * commands that lock several collectors' rows (a sale, a trade, offers released) do, up to three
 * times, rather than answer 500 for what the other transaction caused.
 */
const RETRYABLE = new Set(['40P01', '40001']);

const codeOf = (err: unknown) =>
  (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;

export async function retryingConflicts<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= attempts || !RETRYABLE.has(codeOf(err) ?? '')) throw err;
    }
  }
}
