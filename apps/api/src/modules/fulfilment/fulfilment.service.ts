import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type {
  FulfilmentItem,
  FulfilmentKind,
  FulfilmentQueueResponse,
  FulfilmentShippedResponse,
  MarkShippedBody,
  ShippingCompliance,
} from '@grail/contract';
import type { Db } from '../../db/client.js';
import type { ShippingService } from '../shipping/shipping.service.js';
import type { SubmissionReturns } from '../submissions/returns.service.js';
import { submissionNumber } from '../submissions/submissions.rules.js';
import { everythingShippedSql } from './fulfilment.reads.js';
import { rawStatement } from '../../db/statements.js';

type Log = Pick<FastifyBaseLogger, 'error'>;
const HOUR_MS = 3600_000;
/** How staff call a box by what it holds. */
const REFERENCE_WORD: Record<Exclude<FulfilmentKind, 'submission'>, string> = {
  break: 'Break claim',
  pull: 'Pull',
  order: 'Order',
  vault: 'Vault box',
};

/** How many of the shipments that left in (since, until] left within their 48 hours. */
const shippedBetween = rawStatement(
  'fulfilment.shipped_between',
  (since: Date, until: Date) => sql`
      select count(*)::int as shipped,
             count(*) filter (where shipped_at <= ship_by)::int as on_time
      from (${everythingShippedSql}) shipped
      where shipped_at > ${since.toISOString()}::timestamptz
        and shipped_at <= ${until.toISOString()}::timestamptz`,
  new Date(0),
  new Date(0),
);

/**
 * One queue of everything owed to collectors under the 48-hour promise: the shipments of store
 * orders, vault boxes, claimed pulls and break hits (ShippingService), and returned submissions, whose clock
 * starts when staff return them.
 */
export class FulfilmentService {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      shipping: ShippingService;
      returns: SubmissionReturns;
      log?: Log | undefined;
    },
  ) {}

  async queue(now = new Date()): Promise<FulfilmentQueueResponse> {
    const shipments = await this.deps.shipping.listDue();
    const items: FulfilmentItem[] = shipments.map((s) => ({
      kind: s.sourceType,
      _id: s._id,
      reference: `${REFERENCE_WORD[s.sourceType]} ${s.sourceId.slice(0, 8)}`,
      username: s.username,
      email: s.email,
      address: s.address,
      items: s.items,
      shipBy: s.shipBy,
      overdue: new Date(s.shipBy).getTime() < now.getTime(),
    }));
    for (const r of await this.deps.returns.owed()) {
      items.push({
        kind: 'submission',
        _id: r.id,
        reference: `Submission ${submissionNumber(r.number)}`,
        username: r.username,
        email: r.email,
        address: r.address,
        items: r.items,
        shipBy: r.shipBy.toISOString(),
        overdue: r.shipBy.getTime() < now.getTime(),
      });
    }
    items.sort((a, b) => a.shipBy.localeCompare(b.shipBy));
    return { items, compliance: await this.compliance(now) };
  }

  /** The share of everything shipped in the 30 days before `now` that left within its 48 hours. */
  async compliance(now = new Date()): Promise<ShippingCompliance> {
    const since = new Date(now.getTime() - 30 * 24 * HOUR_MS);
    const result = (await this.db.execute(shippedBetween(since, now))) as unknown as {
      rows: { shipped: number; on_time: number }[];
    };
    const row = result.rows[0]!;
    const shipped = Number(row.shipped);
    const onTime = Number(row.on_time);
    return { shipped, onTime, share: shipped ? onTime / shipped : null };
  }

  async ship(
    actorId: string,
    kind: FulfilmentKind,
    id: string,
    body: MarkShippedBody,
    log: Log | undefined = this.deps.log,
  ): Promise<FulfilmentShippedResponse> {
    if (kind === 'submission') await this.deps.returns.ship(actorId, id, body);
    else await this.deps.shipping.markShipped(id, body, log, { actorId, sourceType: kind });
    return { kind, _id: id, carrier: body.carrier, trackingNumber: body.trackingNumber };
  }
}
