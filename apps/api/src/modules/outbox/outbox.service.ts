import type { FastifyBaseLogger } from 'fastify';
import type { OutboxMessageView } from '@grail/contract';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import type { AuditService } from '../audit/audit.service.js';

export type OutboxKind = (typeof outboxMessages.$inferSelect)['kind'];
export type OutboxRow = typeof outboxMessages.$inferSelect;
export type OutboxStatus = OutboxRow['status'];

export interface OutboxMessage {
  kind: OutboxKind;
  payload: Record<string, unknown>;
}

/**
 * A delivery that failed for a reason the receiver gave a time for (Discord's 429 `retry_after`):
 * the next attempt waits that long instead of the backoff.
 */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}

export interface DeliveryHandler {
  deliver(payload: Record<string, unknown>): Promise<void>;
  /** What is kept of a delivered message (a mail's reset link must not outlive its sending). */
  afterSent?(payload: Record<string, unknown>): Record<string, unknown>;
}

export interface OutboxOptions {
  /** Attempts before a message is dead (OUTBOX_MAX_ATTEMPTS). */
  maxAttempts?: number;
  /** How long a claim holds a row (OUTBOX_LEASE_SECONDS); a crashed claimer's rows come back after it. */
  leaseMs?: number;
  /** The wait after the first failure; each further failure doubles it, up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  log?: FastifyBaseLogger;
  audit?: AuditService;
}

/** Delivers one message's payload with fetch: `{ url, body }`, JSON, 2xx or it failed. */
export const webhookHandler: DeliveryHandler = {
  async deliver(payload) {
    const res = await fetch(String(payload.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload.body ?? {}),
      signal: AbortSignal.timeout(30_000),
    });
    if (!res.ok) throw new Error(`webhook answered ${res.status}`);
  },
};

/**
 * The outbox: every e-mail and webhook is a row written by `enqueue` in the transaction of the
 * change that causes it, so a rolled-back change sends nothing and a committed one cannot be lost.
 * Rows are claimed with FOR UPDATE SKIP LOCKED, which also moves their next attempt past a lease:
 * two instances never hold the same row, and a row whose claimer died before marking it comes
 * back once the lease runs out. A failure is retried with exponential backoff; after maxAttempts
 * the row is dead, listed for staff, who may send it again.
 */
export class OutboxService {
  private readonly handlers = new Map<OutboxKind, DeliveryHandler>([['webhook', webhookHandler]]);
  private readonly maxAttempts: number;
  private readonly leaseMs: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;

  constructor(
    private readonly db: Db,
    private readonly opts: OutboxOptions = {},
  ) {
    this.maxAttempts = opts.maxAttempts ?? 8;
    this.leaseMs = opts.leaseMs ?? 300_000;
    this.baseDelayMs = opts.baseDelayMs ?? 30_000;
    this.maxDelayMs = opts.maxDelayMs ?? 6 * 3600_000;
  }

  /** Sets how a kind of message is delivered (mail through MailService, webhooks through fetch). */
  handle(kind: OutboxKind, handler: DeliveryHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Writes the message in the caller's transaction; the worker delivers it once that commits. */
  async enqueue(message: OutboxMessage, tx: Db | Tx = this.db): Promise<string> {
    const [row] = await tx
      .insert(outboxMessages)
      .values({ kind: message.kind, payload: message.payload })
      .returning({ id: outboxMessages.id });
    return row!.id;
  }

  /**
   * Writes the message already claimed by the caller, who delivers it right after its commit
   * (`deliver`); no worker takes it meanwhile, and if the caller dies the lease runs out and one does.
   */
  async enqueueClaimed(message: OutboxMessage, tx: Db | Tx = this.db): Promise<OutboxRow> {
    const [row] = await tx
      .insert(outboxMessages)
      .values({
        kind: message.kind,
        payload: message.payload,
        attempts: 1,
        nextAttemptAt: sql`now() + ${this.leaseMs} * interval '1 millisecond'`,
      })
      .returning();
    return row!;
  }

  /** Claims up to `limit` due rows for this caller. */
  async claim(limit: number): Promise<OutboxRow[]> {
    const due = this.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.status, 'pending'), lte(outboxMessages.nextAttemptAt, sql`now()`)),
      )
      .orderBy(asc(outboxMessages.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(outboxMessages)
      .set({
        attempts: sql`${outboxMessages.attempts} + 1`,
        nextAttemptAt: sql`now() + ${this.leaseMs} * interval '1 millisecond'`,
      })
      .where(inArray(outboxMessages.id, due))
      .returning();
  }

  /** Delivers one claimed row and records the outcome. */
  async deliver(row: OutboxRow): Promise<OutboxStatus> {
    const handler = this.handlers.get(row.kind);
    const payload = row.payload as Record<string, unknown>;
    // Only the claim that is still current may settle the row (its attempts count says so).
    const stillOurs = and(
      eq(outboxMessages.id, row.id),
      eq(outboxMessages.attempts, row.attempts),
      eq(outboxMessages.status, 'pending'),
    );
    // A batch can outlast a claim's lease: take the lease afresh before sending, and leave the
    // row alone when another instance has taken it over meanwhile (it sends it, not both).
    const [renewed] = await this.db
      .update(outboxMessages)
      .set({ nextAttemptAt: sql`now() + ${this.leaseMs} * interval '1 millisecond'` })
      .where(stillOurs)
      .returning({ id: outboxMessages.id });
    if (!renewed) return 'pending';
    try {
      if (!handler) throw new Error(`no delivery for ${row.kind} messages`);
      await handler.deliver(payload);
      await this.db
        .update(outboxMessages)
        .set({
          status: 'sent',
          sentAt: sql`now()`,
          lastError: null,
          payload: handler.afterSent ? handler.afterSent(payload) : payload,
        })
        .where(stillOurs);
      return 'sent';
    } catch (err) {
      const dead = row.attempts >= this.maxAttempts;
      const waitMs =
        err instanceof RetryLater
          ? err.retryAfterMs
          : Math.min(this.baseDelayMs * 2 ** (row.attempts - 1), this.maxDelayMs);
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      await this.db
        .update(outboxMessages)
        .set({
          status: dead ? 'dead' : 'pending',
          lastError: message,
          nextAttemptAt: sql`now() + ${Math.ceil(waitMs)} * interval '1 millisecond'`,
        })
        .where(stillOurs);
      this.opts.log?.warn(
        { outbox: { id: row.id, kind: row.kind, attempts: row.attempts, dead }, err: message },
        dead ? 'outbox message dead' : 'outbox delivery failed; will retry',
      );
      return dead ? 'dead' : 'pending';
    }
  }

  /** Claims and delivers what is due; the number of rows it handled. */
  async deliverDue(limit = 10): Promise<number> {
    const rows = await this.claim(limit);
    for (const row of rows) await this.deliver(row);
    return rows.length;
  }

  /** Messages still to send or given up on, newest first: what staff watch. */
  async list(statuses: OutboxStatus[] = ['dead', 'pending'], limit = 100) {
    const rows = await this.db
      .select()
      .from(outboxMessages)
      .where(inArray(outboxMessages.status, statuses))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(limit);
    return rows.map(summary);
  }

  /**
   * What waits, per kind and status (pending, dead): how many, and the oldest one's age in
   * seconds. Sent messages are not counted. Read by the metrics scrape.
   */
  async backlog(): Promise<
    Array<{ kind: OutboxKind; status: OutboxStatus; messages: number; oldestSeconds: number }>
  > {
    return this.db
      .select({
        kind: outboxMessages.kind,
        status: outboxMessages.status,
        messages: sql<number>`count(*)::int`,
        oldestSeconds: sql<number>`extract(epoch from now() - min(${outboxMessages.createdAt}))::float8`,
      })
      .from(outboxMessages)
      .where(inArray(outboxMessages.status, ['pending', 'dead']))
      .groupBy(outboxMessages.kind, outboxMessages.status);
  }

  /** Sends a dead message again: pending, due now, with a fresh count of attempts. Audited. */
  async retry(id: string, actorId: string) {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'dead')))
        .for('update');
      if (!before) throw notFound('No dead outbox message with this id');
      const [after] = await tx
        .update(outboxMessages)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()` })
        .where(eq(outboxMessages.id, id))
        .returning();
      await this.opts.audit?.record(
        {
          actorId,
          action: 'outbox.retry',
          subjectType: 'outbox_message',
          subjectId: id,
          before: { status: before.status, attempts: before.attempts },
          after: { status: after!.status, attempts: after!.attempts },
        },
        tx,
      );
      return summary(after!);
    });
  }
}

/** A row as staff see it: where it goes, never its body (a mail may hold a sign-in link). */
function summary(row: OutboxRow): OutboxMessageView {
  const payload = row.payload as Record<string, unknown>;
  const target =
    row.kind === 'email'
      ? String(payload.to ?? '')
      : typeof payload.url === 'string'
        ? (URL.parse(payload.url)?.host ?? 'webhook')
        : String(payload.target ?? 'webhook');
  return {
    _id: row.id,
    kind: row.kind,
    status: row.status,
    target,
    subject: row.kind === 'email' ? String(payload.subject ?? '') : null,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
