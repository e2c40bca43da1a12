import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { rateLimitEvents } from '../../db/schema/index.js';
import { rawStatement } from '../../db/statements.js';
import { AppError } from '../../errors.js';
import { assertRateLimited } from '../../lib/endpoint-context.js';

export interface Limit {
  /** What is counted, e.g. `login`; the bucket is `${name}:${key}`. */
  name: string;
  max: number;
  windowMs: number;
  /** What the 429 says before the wait; "Too many attempts." unless given. */
  message?: string;
}

const MINUTE = 60_000;
/** The abuse limits of the accounts area and the wallet (before RATE_LIMIT_SCALE). */
export const LIMITS = {
  loginFailuresPerAccount: { name: 'login:account', max: 10, windowMs: 15 * MINUTE },
  loginFailuresPerIp: { name: 'login:ip', max: 10, windowMs: 15 * MINUTE },
  /**
   * Wrong passwords from a browser that signed in to the account before (its device cookie): it
   * counts these instead of the account's and the IP's, so strangers elsewhere cannot lock it out,
   * and a stolen cookie gets only a few guesses.
   */
  loginFailuresPerDevice: { name: 'login:device', max: 5, windowMs: 15 * MINUTE },
  /** Wrong codes from such a browser; like the account's code count, no right password clears it. */
  totpFailuresPerDevice: { name: 'totp:device', max: 5, windowMs: 15 * MINUTE },
  /** Wrong TOTP or recovery codes of an account, any challenge; no right password clears it. */
  totpFailuresPerAccount: { name: 'totp:account', max: 10, windowMs: 15 * MINUTE },
  /** Wrong passwords re-entered when signed in (turning two-factor off, changing the password). */
  reauthFailuresPerAccount: { name: 'reauth:account', max: 5, windowMs: 15 * MINUTE },
  forgotPasswordPerEmail: { name: 'forgot:email', max: 5, windowMs: 60 * MINUTE },
  forgotPasswordPerIp: { name: 'forgot:ip', max: 5, windowMs: 60 * MINUTE },
  registrationsPerIp: { name: 'register:ip', max: 10, windowMs: 60 * MINUTE },
  /** "Someone tried to register with your address" mails to one address; past it, none is sent. */
  registrationNoticesPerEmail: { name: 'register-notice:email', max: 3, windowMs: 60 * MINUTE },
  verifyResendPerUser: { name: 'verify-resend:user', max: 5, windowMs: 60 * MINUTE },
  /** Confirmation links mailed for e-mail changes: nobody floods an inbox through us. */
  emailChangesPerUser: { name: 'email-change:user', max: 5, windowMs: 60 * MINUTE },
  /** A person starting more than this many top-ups in an hour is a script, not a collector. */
  topUpsPerUser: {
    name: 'top-up:user',
    max: 20,
    windowMs: 60 * MINUTE,
    message: 'Too many top-ups started in the last hour.',
  },
} satisfies Record<string, Limit>;

/** Namespace of the per-bucket transaction locks (pg_advisory_xact_lock(namespace, hash)). */
const LOCK_NAMESPACE = 4_170_002;

/** Held until the transaction ends: takers of one bucket count and record one at a time. */
const lockBucket = rawStatement(
  'rate_limits.lock',
  (bucket: string) =>
    sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}::int, hashtext(${bucket}))`,
  'login:ip:203.0.113.7',
);

/** The slots one call took; `refund` gives them back when the attempt turned out not to count. */
export interface Taken {
  refund(...limits: Limit[]): Promise<void>;
}

/** The 429 every limit answers: the seconds to wait in Retry-After and in the body. */
export function tooManyRequests(message: string, retryAfterSeconds: number): AppError {
  const retryAfter = Math.max(1, Math.ceil(retryAfterSeconds));
  const headers = { 'retry-after': String(retryAfter) };
  return new AppError(429, message, 'Too Many Requests', { retryAfter }, headers);
}

const waitMessage = (what: string, seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return `${what} Please try again in ${minutes} minute${minutes > 1 ? 's' : ''}.`;
};

/**
 * Sliding-window counters kept in the database, so every instance sees the same counts.
 * `scale` (RATE_LIMIT_SCALE) multiplies every maximum.
 *
 * Checking and counting are one step: `take` locks each bucket for the length of one transaction
 * (a PostgreSQL advisory lock, which every instance shares), counts it, and records the attempt
 * only when every bucket has room. Concurrent attempts on one bucket therefore queue, and no more
 * than the maximum ever get through, however many arrive at once.
 */
export class RateLimitService {
  constructor(
    private readonly db: Db,
    private readonly scale: number,
  ) {}

  maxOf(limit: Limit): number {
    return Math.max(1, Math.floor(limit.max * this.scale));
  }

  /**
   * Takes one slot of each `[limit, key]` pair, or none: when any bucket is full it throws 429
   * with the longest wait among the full ones, and nothing is recorded. Only an endpoint that
   * declares `rateLimited` (so documents its 429) may take one.
   */
  async take(...checks: Array<[Limit, string]>): Promise<Taken> {
    assertRateLimited();
    const buckets = checks
      .map(([limit, key]) => ({ limit, bucket: `${limit.name}:${key.toLowerCase()}` }))
      // One lock order for every caller, so two multi-bucket calls cannot wait on each other.
      .sort((a, b) => (a.bucket < b.bucket ? -1 : a.bucket > b.bucket ? 1 : 0));
    const outcome = await this.db.transaction(async (tx) => {
      for (const { bucket } of buckets) {
        await tx.execute(lockBucket(bucket));
      }
      let wait = 0;
      let message = 'Too many attempts.';
      for (const { limit, bucket } of buckets) {
        const seconds = await this.secondsUntilRoom(limit, bucket, tx);
        if (seconds > wait) {
          wait = seconds;
          message = limit.message ?? 'Too many attempts.';
        }
      }
      if (wait > 0) return { wait, message, rows: [] };
      const rows = await tx
        .insert(rateLimitEvents)
        .values(buckets.map(({ bucket }) => ({ bucket, createdAt: sql`clock_timestamp()` })))
        .returning({ id: rateLimitEvents.id, bucket: rateLimitEvents.bucket });
      return { wait: 0, message: '', rows };
    });
    if (outcome.wait > 0)
      throw tooManyRequests(waitMessage(outcome.message, outcome.wait), outcome.wait);
    const limitOf = new Map(buckets.map(({ limit, bucket }) => [bucket, limit]));
    const { rows } = outcome;
    return {
      refund: async (...limits: Limit[]) => {
        const ids = rows
          .filter((r) => limits.length === 0 || limits.includes(limitOf.get(r.bucket)!))
          .map((r) => r.id);
        if (ids.length > 0)
          await this.db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, ids));
      },
    };
  }

  /** 0 when `bucket` has room; else the seconds until enough of its events leave the window. */
  private async secondsUntilRoom(limit: Limit, bucket: string, tx: Tx): Promise<number> {
    const inWindow = and(
      eq(rateLimitEvents.bucket, bucket),
      sql`${rateLimitEvents.createdAt} > clock_timestamp() - ${limit.windowMs}::int * interval '1 millisecond'`,
    );
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(rateLimitEvents)
      .where(inWindow);
    const max = this.maxOf(limit);
    const n = row?.n ?? 0;
    if (n < max) return 0;
    // Room comes back when the (n - max + 1)-th oldest event leaves the window.
    const [edge] = await tx
      .select({
        seconds: sql<number>`extract(epoch from (${rateLimitEvents.createdAt} + ${limit.windowMs}::int * interval '1 millisecond' - clock_timestamp()))::float8`,
      })
      .from(rateLimitEvents)
      .where(inWindow)
      .orderBy(rateLimitEvents.createdAt)
      .offset(n - max)
      .limit(1);
    return Math.max(1, Math.ceil(edge?.seconds ?? 1));
  }

  /** A successful sign-in clears the account's failed passwords (the IP's stay counted). */
  async reset(limit: Limit, key: string): Promise<void> {
    await this.db
      .delete(rateLimitEvents)
      .where(eq(rateLimitEvents.bucket, `${limit.name}:${key.toLowerCase()}`));
  }

  /** Drops events older than the longest window; called now and then so the table stays small. */
  async prune(olderThanMs = 2 * 60 * MINUTE): Promise<void> {
    await this.db
      .delete(rateLimitEvents)
      .where(lt(rateLimitEvents.createdAt, new Date(Date.now() - olderThanMs)));
  }
}
