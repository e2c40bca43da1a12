import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { SealedBox } from '../../lib/sealed-box.js';
import { CollectorSubmissions } from './collector.service.js';
import { PsaLookup } from './psa-lookup.js';
import { PsaClient } from './psa.client.js';
import { SubmissionPayouts } from './payouts.service.js';
import { StaffSubmissions } from './staff.service.js';
import { expireDue } from './changes.js';
import type { SubmissionsContext, SubmissionsDeps } from './context.js';

/**
 * Selling graded cards: a collector's submission from the form to the payout, and the staff's
 * review queue. Every state change is one transaction (the row locked, the status checked against
 * the transition rules, the timeline entry and, for staff, the audit record written with it), and
 * the collector's e-mail is queued in it: the outbox sends it once that commits.
 *
 * Where each part lives: collector.service.ts (the sell form, the collector's own submissions),
 * staff.service.ts (the review queue), payouts.service.ts (paying), returns.service.ts (sending
 * cards back), changes.ts (how a status changes), submissions.rules.ts (which
 * changes are allowed), submissions.reads.ts and submissions.view.ts (what is shown).
 */
export class SubmissionsService {
  readonly collector: CollectorSubmissions;
  readonly staff: StaffSubmissions;
  readonly payouts: SubmissionPayouts;
  private readonly ctx: SubmissionsContext;

  constructor(db: Db, deps: SubmissionsDeps) {
    this.ctx = { db, deps };
    this.collector = new CollectorSubmissions(this.ctx);
    this.staff = new StaffSubmissions(this.ctx);
    this.payouts = new SubmissionPayouts(this.ctx);
  }

  /** The same service on another clock (tests of the offer expiry). */
  withClock(now: () => Date): SubmissionsService {
    return new SubmissionsService(this.ctx.db, { ...this.ctx.deps, now });
  }

  /** The sweep: expires every offer past due (run on a timer, and by tests). */
  sweepExpired(): Promise<number> {
    return expireDue(this.ctx);
  }
}

/** PSA answers within this or the form is typed by hand. */
export const PSA_TIMEOUT_MS = 5_000;

/** The service as the app runs it: PSA only with a token, payout details sealed by APP_SECRET. */
export function createSubmissionsService(
  db: Db,
  config: {
    APP_SECRET?: string;
    PUBLIC_URL: string;
    PSA_API_TOKEN?: string;
    PSA_API_BASE_URL: string;
    SELL_CREDIT_BONUS_PERCENT: number;
    SUBMISSION_OFFER_DAYS: number;
  },
  services: Omit<
    SubmissionsDeps,
    'payoutBox' | 'psa' | 'publicUrl' | 'creditBonusPercent' | 'offerDays' | 'now' | 'log'
  >,
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  now: () => Date = () => new Date(),
): SubmissionsService {
  if (!config.APP_SECRET) throw new Error('APP_SECRET must be resolved before building the app');
  const client = config.PSA_API_TOKEN
    ? new PsaClient({
        baseUrl: config.PSA_API_BASE_URL,
        token: config.PSA_API_TOKEN,
        timeoutMs: PSA_TIMEOUT_MS,
      })
    : null;
  return new SubmissionsService(db, {
    ...services,
    payoutBox: new SealedBox(config.APP_SECRET, {
      salt: 'grail-submission-payout',
      info: 'submission-payout-v1',
    }),
    psa: new PsaLookup(db, client, now),
    publicUrl: config.PUBLIC_URL,
    creditBonusPercent: config.SELL_CREDIT_BONUS_PERCENT,
    offerDays: config.SUBMISSION_OFFER_DAYS,
    now,
    log,
  });
}
