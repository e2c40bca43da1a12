import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateLimitEvents } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

export interface Limit {
  /** What is counted, e.g. `login`; the bucket is `${name}:${key}`. */
  name: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
/** The abuse limits of the accounts area (before RATE_LIMIT_SCALE). */
export const LIMITS = {
  loginFailuresPerAccount: { name: 'login:account', max: 10, windowMs: 15 * MINUTE },
  loginFailuresPerIp: { name: 'login:ip', max: 10, windowMs: 15 * MINUTE },
  forgotPasswordPerEmail: { name: 'forgot:email', max: 5, windowMs: 60 * MINUTE },
  forgotPasswordPerIp: { name: 'forgot:ip', max: 5, windowMs: 60 * MINUTE },
  registrationsPerIp: { name: 'register:ip', max: 10, windowMs: 60 * MINUTE },
  verifyResendPerUser: { name: 'verify-resend:user', max: 5, windowMs: 60 * MINUTE },
} satisfies Record<string, Limit>;

/**
 * Sliding-window counters kept in the database, so every instance sees the same counts.
 * `scale` (RATE_LIMIT_SCALE) multiplies every maximum.
 */
export class RateLimitService {
  constructor(
    private readonly db: Db,
    private readonly scale: number,
  ) {}

  private maxOf(limit: Limit) {
    return Math.max(1, Math.floor(limit.max * this.scale));
  }

  /** 429 with Retry-After (seconds) when `key` has used up `limit`. */
  async assertAllowed(limit: Limit, key: string): Promise<void> {
    const bucket = `${limit.name}:${key.toLowerCase()}`;
    const since = new Date(Date.now() - limit.windowMs);
    const [row] = await this.db
      .select({ n: count(), oldest: min(rateLimitEvents.createdAt) })
      .from(rateLimitEvents)
      .where(and(eq(rateLimitEvents.bucket, bucket), gt(rateLimitEvents.createdAt, since)));
    if (!row || row.n < this.maxOf(limit)) return;
    const oldest = row.oldest ? new Date(row.oldest).getTime() : Date.now();
    const retryAfter = Math.max(1, Math.ceil((oldest + limit.windowMs - Date.now()) / 1000));
    throw new AppError(
      429,
      `Too many attempts. Please try again in ${Math.ceil(retryAfter / 60)} minute${retryAfter > 60 ? 's' : ''}.`,
      'Too Many Requests',
      { retryAfter },
    );
  }

  async record(limit: Limit, key: string): Promise<void> {
    await this.db.insert(rateLimitEvents).values({ bucket: `${limit.name}:${key.toLowerCase()}` });
  }

  /** A successful sign-in clears the account's failures (the IP's stay counted). */
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
