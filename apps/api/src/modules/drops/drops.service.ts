import { and, asc, count, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import {
  DROP_NOT_OPEN_MESSAGE,
  type DropEvent,
  type DropOrderResponse,
  type DropQueueResponse,
} from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { dropEntries, dropQueues } from '../../db/schema/index.js';
import { rawStatement, SAMPLE_UUID } from '../../db/statements.js';
import { conflict, notFound } from '../../errors.js';
import { newServerSeed, sha256Hex } from '../../lib/provably-fair.js';
import { SealedBox } from '../../lib/sealed-box.js';
import { casesWithDropsDue, dropTimingOf } from '../grail/grail.reads.js';
import { admissionOf, drawOrder, turnOf } from './drops.rules.js';

type QueueRow = typeof dropQueues.$inferSelect;
type EntryRow = typeof dropEntries.$inferSelect;

/** The NOTIFY channel of queue changes: every instance LISTENs (drops.events.ts). */
export const DROP_EVENTS_CHANNEL = 'drop_queue_events';

/** Queue seeds at rest, sealed with their own key derived from APP_SECRET. */
export class DropSeedVault extends SealedBox {
  constructor(appSecret: string) {
    super(appSecret, { salt: 'drop-queue', info: 'drop-queue-seed-v1' });
  }
}

/** The admission rates a waiting room takes when it opens (DROP_ADMIT_* in the config). */
export interface DropRates {
  admitBatch: number;
  admitSeconds: number;
  windowSeconds: number;
}

/** Tells every instance that a queue changed, on commit. */
const notifyStatement = rawStatement(
  'drops.notify',
  (event: DropEvent) => sql`select pg_notify(${DROP_EVENTS_CHANNEL}, ${JSON.stringify(event)})`,
  { caseId: SAMPLE_UUID, entries: 0, ordered: false },
);

/** An entry's place and turn (ISO times), and its drawn place when the seed gave it one. */
interface Placing {
  id: string;
  drawn: number | null;
  place: number;
  from: string;
  until: string;
}

/** Gives many entries their places and turns in one statement. */
const placeStatement = rawStatement(
  'drops.place_entries',
  (places: Placing[]) =>
    sql`update drop_entries e set drawn_place = coalesce(d.drawn, e.drawn_place),
        place = d.place, admitted_from = d.from, admitted_until = d.until
      from jsonb_to_recordset(${JSON.stringify(places)}::jsonb)
        as d(id uuid, drawn int, place int, "from" timestamptz, "until" timestamptz)
      where e.id = d.id`,
  [] as Placing[],
);

const caseNotFound = () => notFound('No Grail case with this id.');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A drop's fair queue (decision 032): a case with a future activation time opens a waiting room
 * its queue minutes before, committing to a seed; at activation the seed orders everyone who
 * joined, once, under the queue row's lock, by whichever instance comes first; later arrivals go
 * to the back. Turns follow from places: `admitBatch` places every `admitSeconds`, each for
 * `windowSeconds`. Everything lives in the database, so a restart or another instance changes
 * nobody's place; purchases check the turn in their own transaction (drops.reads.ts).
 */
export class DropsService {
  constructor(
    private readonly db: Db,
    private readonly deps: { vault: DropSeedVault; rates: () => DropRates },
  ) {}

  /** Opens the waiting rooms now due (the worker; any instance, any number of times). */
  async openDue(): Promise<number> {
    let opened = 0;
    for (const c of await casesWithDropsDue(this.db)) {
      if (c.activationTime && (await this.open(c.caseId, c.activationTime))) opened++;
    }
    return opened;
  }

  /** Draws the order of every waiting room whose case has reached its activation time. */
  async orderDue(): Promise<number> {
    const due = await this.db
      .select({ caseId: dropQueues.caseId })
      .from(dropQueues)
      .where(and(isNull(dropQueues.orderedAt), lte(dropQueues.activatesAt, sql`now()`)));
    let ordered = 0;
    for (const q of due) if (await this.orderCase(q.caseId)) ordered++;
    return ordered;
  }

  /** The waiting room of a case as `userId` (or anyone) sees it. */
  async view(caseId: string, userId: string | null): Promise<DropQueueResponse> {
    const timing = await this.settle(caseId);
    const [q] = await this.db.select().from(dropQueues).where(eq(dropQueues.caseId, caseId));
    const now = new Date();
    const rates = this.deps.rates();
    if (!q) {
      const at = timing.activationTime;
      const upcoming = timing.dropQueueMinutes > 0 && at !== null && at > now;
      return {
        caseId,
        state: upcoming ? 'upcoming' : 'off',
        opensAt: upcoming ? iso(new Date(at.getTime() - timing.dropQueueMinutes * 60_000)) : null,
        activationTime: iso(at),
        seedHash: null,
        seed: null,
        entries: 0,
        ...rates,
        serverTime: now.toISOString(),
        you: null,
      };
    }
    const [entries] = await this.db
      .select({ n: count() })
      .from(dropEntries)
      .where(eq(dropEntries.caseId, caseId));
    const [mine] = userId
      ? await this.db
          .select()
          .from(dropEntries)
          .where(and(eq(dropEntries.caseId, caseId), eq(dropEntries.userId, userId)))
      : [];
    return {
      caseId,
      state: now < q.activatesAt ? 'waiting' : 'admitting',
      opensAt: q.openedAt.toISOString(),
      activationTime: q.activatesAt.toISOString(),
      seedHash: q.seedHash,
      seed: this.revealed(q),
      entries: Number(entries?.n ?? 0),
      admitBatch: q.admitBatch,
      admitSeconds: q.admitSeconds,
      windowSeconds: q.windowSeconds,
      serverTime: now.toISOString(),
      you: mine ? toEntry(mine, now) : null,
    };
  }

  /**
   * Joins the waiting room, once per collector: joining again keeps the place, unless the turn
   * has ended, which sends the entry to the back for another turn.
   */
  async join(caseId: string, userId: string): Promise<DropQueueResponse> {
    await this.settle(caseId);
    // Before activation an entry only needs the queue to stay unordered (a shared lock, so
    // joins run side by side); after it, a place at the back (the row's lock, one at a time).
    let afterActivation = false;
    for (;;) {
      const done = await this.db.transaction((tx) =>
        this.joinIn(tx, caseId, userId, afterActivation),
      );
      if (done) break;
      afterActivation = true;
    }
    return this.view(caseId, userId);
  }

  /** One join attempt; false when activation came between the look and the shared lock. */
  private async joinIn(tx: Tx, caseId: string, userId: string, afterActivation: boolean) {
    const [q] = await tx
      .select({
        queue: dropQueues,
        // The clock at the lock, not the transaction's start: the order is drawn only once the
        // clock has passed activation, under the row's lock, which this shared lock holds off.
        before: sql<boolean>`clock_timestamp() < ${dropQueues.activatesAt}`,
      })
      .from(dropQueues)
      .where(eq(dropQueues.caseId, caseId))
      .for(afterActivation ? 'update' : 'share');
    if (!q) throw conflict(DROP_NOT_OPEN_MESSAGE);
    const queue = q.queue;
    if (q.before) {
      const added = await tx
        .insert(dropEntries)
        .values({ caseId, userId })
        .onConflictDoNothing({ target: [dropEntries.caseId, dropEntries.userId] })
        .returning({ id: dropEntries.id });
      if (added.length) await this.notify(tx, caseId, false);
      return true;
    }
    if (!afterActivation) return false;
    if (!queue.orderedAt) await this.orderIn(tx, queue);
    const [mine] = await tx
      .select()
      .from(dropEntries)
      .where(and(eq(dropEntries.caseId, caseId), eq(dropEntries.userId, userId)));
    if (mine && turnOf(mine, new Date()) !== 'ended') return true;
    const id =
      mine?.id ??
      (
        await tx.insert(dropEntries).values({ caseId, userId }).returning({ id: dropEntries.id })
      )[0]!.id;
    await this.toTheBack(tx, queue, id);
    await this.notify(tx, caseId, true);
    return true;
  }

  /** Every entry made before activation with its drawn place, and the seed once revealed. */
  async order(caseId: string): Promise<DropOrderResponse> {
    await this.settle(caseId);
    const [q] = await this.db.select().from(dropQueues).where(eq(dropQueues.caseId, caseId));
    // A case without a waiting room has nothing to check: an answer, not an error, since the
    // fairness page of every case asks.
    if (!q) return { caseId, seedHash: null, seed: null, entries: [] };
    const rows = await this.db
      .select({ entryId: dropEntries.id, position: dropEntries.drawnPlace })
      .from(dropEntries)
      .where(
        and(
          eq(dropEntries.caseId, caseId),
          // Before the draw every entry is one made before activation.
          q.orderedAt ? isNotNull(dropEntries.drawnPlace) : undefined,
        ),
      )
      .orderBy(asc(dropEntries.drawnPlace), asc(dropEntries.id));
    return { caseId, seedHash: q.seedHash, seed: this.revealed(q), entries: rows };
  }

  /**
   * Brings a case's queue up to the clock: opens its waiting room when due, and draws its order
   * once activation has passed (the worker does both too; whichever comes first does it).
   */
  private async settle(caseId: string) {
    const timing = await dropTimingOf(this.db, caseId);
    if (!timing) throw caseNotFound();
    const now = new Date();
    const at = timing.activationTime;
    if (
      timing.status === 'scheduled' &&
      timing.dropQueueMinutes > 0 &&
      at &&
      at > now &&
      at.getTime() - timing.dropQueueMinutes * 60_000 <= now.getTime()
    ) {
      await this.open(caseId, at);
    } else if (at && at <= now) {
      const [q] = await this.db
        .select({ orderedAt: dropQueues.orderedAt })
        .from(dropQueues)
        .where(eq(dropQueues.caseId, caseId));
      // Most cases past activation have no queue, or one already drawn: nothing to lock.
      if (q && !q.orderedAt) await this.orderCase(caseId);
    }
    return timing;
  }

  /** Opens a waiting room with a fresh seed; false when one is already open. */
  private async open(caseId: string, activatesAt: Date): Promise<boolean> {
    const seed = newServerSeed();
    return this.db.transaction(async (tx) => {
      const opened = await tx
        .insert(dropQueues)
        .values({
          caseId,
          seedEnc: this.deps.vault.seal(seed),
          seedHash: sha256Hex(seed),
          activatesAt,
          ...this.deps.rates(),
        })
        .onConflictDoNothing()
        .returning({ caseId: dropQueues.caseId });
      if (opened.length) await this.notify(tx, caseId, false);
      return opened.length > 0;
    });
  }

  /** Draws the case's order if it is due and not yet drawn; false otherwise. */
  private orderCase(caseId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [q] = await tx
        .select()
        .from(dropQueues)
        .where(
          and(
            eq(dropQueues.caseId, caseId),
            isNull(dropQueues.orderedAt),
            lte(dropQueues.activatesAt, sql`clock_timestamp()`),
          ),
        )
        .for('update');
      if (!q) return false;
      await this.orderIn(tx, q);
      return true;
    });
  }

  /** The draw, under the queue row's lock: every entry made before activation gets its place. */
  private async orderIn(tx: Tx, q: QueueRow): Promise<void> {
    const waiting = await tx
      .select({ id: dropEntries.id })
      .from(dropEntries)
      .where(and(eq(dropEntries.caseId, q.caseId), isNull(dropEntries.place)));
    const order = drawOrder(
      this.deps.vault.open(q.seedEnc),
      waiting.map((e) => e.id),
    );
    const places = order.map((id, i) => {
      const from = admissionOf(i + 1, q);
      return {
        id,
        drawn: i + 1,
        place: i + 1,
        from: from.toISOString(),
        until: new Date(from.getTime() + q.windowSeconds * 1000).toISOString(),
      };
    });
    // In slices, so that a big room's update stays a reasonable statement.
    for (let i = 0; i < places.length; i += 5_000) {
      await tx.execute(placeStatement(places.slice(i, i + 5_000)));
    }
    await tx
      .update(dropQueues)
      .set({ orderedAt: sql`now()` })
      .where(eq(dropQueues.caseId, q.caseId));
    await this.notify(tx, q.caseId, true);
  }

  /** The next place at the back, its turn no earlier than now (under the queue row's lock). */
  private async toTheBack(tx: Tx, q: QueueRow, entryId: string): Promise<void> {
    const [last] = await tx
      .select({
        place: sql<number | null>`max(${dropEntries.place})`,
        // The database's clock, which purchases judge turns by.
        nowMs: sql<number>`(extract(epoch from clock_timestamp()) * 1000)::float8`,
      })
      .from(dropEntries)
      .where(eq(dropEntries.caseId, q.caseId));
    const place = Number(last?.place ?? 0) + 1;
    const from = new Date(Math.max(Number(last!.nowMs), admissionOf(place, q).getTime()));
    const until = new Date(from.getTime() + q.windowSeconds * 1000);
    await tx.execute(
      placeStatement([
        { id: entryId, drawn: null, place, from: from.toISOString(), until: until.toISOString() },
      ]),
    );
  }

  private async notify(tx: Tx, caseId: string, ordered: boolean) {
    const [entries] = await tx
      .select({ n: count() })
      .from(dropEntries)
      .where(eq(dropEntries.caseId, caseId));
    await tx.execute(notifyStatement({ caseId, entries: Number(entries?.n ?? 0), ordered }));
  }

  /** The seed, once it has drawn the order. */
  private revealed(q: QueueRow): string | null {
    return q.orderedAt ? this.deps.vault.open(q.seedEnc).toString('hex') : null;
  }
}

function toEntry(e: EntryRow, now: Date) {
  return {
    entryId: e.id,
    joinedAt: e.joinedAt.toISOString(),
    position: e.place,
    admittedFrom: iso(e.admittedFrom),
    admittedUntil: iso(e.admittedUntil),
    turn: turnOf(e, now),
  };
}
