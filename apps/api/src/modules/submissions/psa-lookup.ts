import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PsaCert, PsaLookupResponse } from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { psaCerts } from '../../db/schema/index.js';
import { PsaApiError, type PsaClient } from './psa.client.js';

const DAY_MS = 24 * 3600_000;
/** A found cert does not change; PSA's "no data" may (a slab just graded), so it is asked again sooner. */
export const PSA_FOUND_FRESH_MS = 30 * DAY_MS;
export const PSA_NOT_FOUND_FRESH_MS = DAY_MS;
/** After a refusal without Retry-After (the daily quota), PSA is left alone this long. */
export const PSA_BACKOFF_MS = 3600_000;

const MANUAL = 'Fill in the card details by hand.';

type Row = typeof psaCerts.$inferSelect;
type Log = Pick<FastifyBaseLogger, 'warn'>;

/**
 * PSA cert lookups through a cache in the database, shared by every instance. A failure, a
 * timeout or the daily quota never blocks the sell form: the answer then says to type the card
 * in, or serves an older cached answer.
 */
export class PsaLookup {
  /** This instance leaves PSA alone until then (after a 429). */
  private backoffUntil = 0;

  constructor(
    private readonly db: Db,
    private readonly client: PsaClient | null,
    private readonly now: () => Date,
  ) {}

  get configured(): boolean {
    return this.client !== null;
  }

  async lookup(certNumber: string, log?: Log): Promise<PsaLookupResponse> {
    if (!this.client) {
      return {
        status: 'not_configured',
        message: `PSA lookup is not available. ${MANUAL}`,
        cert: null,
      };
    }
    const [cached] = await this.db
      .select()
      .from(psaCerts)
      .where(eq(psaCerts.certNumber, certNumber))
      .limit(1);
    const now = this.now().getTime();
    if (cached && now - cached.fetchedAt.getTime() < freshFor(cached)) return answerOf(cached);
    if (now < this.backoffUntil) return cached ? answerOf(cached) : unavailable();
    try {
      const answer = await this.client.certByNumber(certNumber);
      const values = {
        certNumber,
        found: answer.kind === 'found',
        data: answer.kind === 'found' ? answer.cert : null,
        serverMessage: answer.kind === 'not_found' ? answer.message : null,
        fetchedAt: this.now(),
      };
      const [row] = await this.db
        .insert(psaCerts)
        .values(values)
        .onConflictDoUpdate({ target: psaCerts.certNumber, set: values })
        .returning();
      return answerOf(row!);
    } catch (err) {
      if (!(err instanceof PsaApiError)) throw err;
      if (err.status === 429) {
        this.backoffUntil = err.retryAt?.getTime() ?? now + PSA_BACKOFF_MS;
      }
      log?.warn({ psa: { status: err.status, error: err.message } }, 'PSA cert lookup failed');
      return cached ? answerOf(cached) : unavailable();
    }
  }

  /** What the cache holds for these certs (staff see it beside what the collector typed). */
  async cached(certNumbers: string[], tx: Db | Tx = this.db): Promise<Map<string, PsaCert>> {
    if (certNumbers.length === 0) return new Map();
    const rows = await tx.select().from(psaCerts).where(inArray(psaCerts.certNumber, certNumbers));
    return new Map(
      rows.filter((r) => r.found && r.data).map((r) => [r.certNumber, r.data as PsaCert]),
    );
  }
}

const freshFor = (row: Row) => (row.found ? PSA_FOUND_FRESH_MS : PSA_NOT_FOUND_FRESH_MS);

function answerOf(row: Row): PsaLookupResponse {
  if (row.found && row.data) {
    return { status: 'found', message: 'Filled in from PSA.', cert: row.data as PsaCert };
  }
  return {
    status: 'not_found',
    message: `PSA has no card with this cert number (${row.serverMessage ?? 'No data found'}). Check the number, or ${MANUAL.toLowerCase()}`,
    cert: null,
  };
}

const unavailable = (): PsaLookupResponse => ({
  status: 'unavailable',
  message: `PSA did not answer just now. ${MANUAL}`,
  cert: null,
});
