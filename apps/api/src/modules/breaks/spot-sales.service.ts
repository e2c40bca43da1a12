import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  centsToDollars,
  formatCents,
  type BuySpotsBody,
  type BuySpotsResponse,
} from '@grail/contract';
import type { Db } from '../../db/client.js';
import { breaks, breakSpotSales, breakSpots } from '../../db/schema/index.js';
import { badRequest, conflict } from '../../errors.js';
import type { SessionUser } from '../auth/sessions.service.js';
import { runIdempotent, type IdempotentResult } from '../idempotency/idempotency.service.js';
import type { LimitsService } from '../limits/limits.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { breakNotFound, notifyBreak, saleOfSpot } from './breaks.reads.js';
import { toMySpot, type BreakRow } from './breaks.view.js';

const SOLD_OUT = 'This break is sold out.';

/** Buying spots of a break on sale: the wallet debited and the spots taken in one transaction. */
export class SpotSales {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      wallet: WalletService;
      limits: LimitsService;
      notifications: Pick<NotificationsService, 'notify'>;
    },
  ) {}

  /**
   * Buys spots in one transaction: check the break is on sale, debit the wallet, take purchase
   * numbers k with one conditional UPDATE of the break row (which never lets spots_sold pass
   * total_spots), record one sale per spot (UNIQUE per spot: never sold twice) and queue the live
   * event. Random team: the next free spots, numbered in purchase order; pick your team: the
   * chosen teams' spots. Any failure rolls all of it back; the same Idempotency-Key answers the
   * first result.
   */
  async buy(
    user: SessionUser,
    breakId: string,
    body: BuySpotsBody,
    idempotencyKey: string,
  ): Promise<IdempotentResult<BuySpotsResponse>> {
    const clientSeed = body.clientSeed ?? user.clientSeed;
    return runIdempotent<BuySpotsResponse>(
      this.db,
      {
        userId: user.id,
        scope: `break-spots:${breakId}`,
        key: idempotencyKey,
        request: { breakId, quantity: body.quantity, spotNumbers: body.spotNumbers, clientSeed },
      },
      async (tx) => {
        // A plain read first, so a closed or sold-out break answers without touching the wallet.
        const [seen] = await tx.select().from(breaks).where(eq(breaks.id, breakId));
        assertOnSale(seen);

        let chosen: number[] | null = null;
        let quantity: number;
        if (seen.format === 'random_team') {
          if (body.spotNumbers) {
            throw badRequest(
              'Teams in this break are drawn at random: send quantity, not spotNumbers.',
              { field: 'spotNumbers' },
            );
          }
          quantity = body.quantity ?? 1;
        } else {
          if (!body.spotNumbers) {
            throw badRequest('Choose the teams to buy: send their spot numbers in spotNumbers.', {
              field: 'spotNumbers',
            });
          }
          chosen = [...body.spotNumbers].sort((a, b) => a - b);
          quantity = chosen.length;
        }
        // Pick your team: what the chosen spots cost, and whether they are still free.
        const spotRows = !chosen
          ? []
          : await tx
              .select({
                spotNumber: breakSpots.spotNumber,
                team: breakSpots.team,
                priceCents: breakSpots.priceCents,
                saleId: breakSpotSales.id,
              })
              .from(breakSpots)
              .leftJoin(breakSpotSales, saleOfSpot)
              .where(and(eq(breakSpots.breakId, breakId), inArray(breakSpots.spotNumber, chosen)));
        let priceOf: (spotNumber: number) => number;
        if (chosen) {
          const missing = chosen.filter((n) => !spotRows.some((s) => s.spotNumber === n));
          if (missing.length) {
            throw badRequest(`This break has no spot ${missing.join(', ')}.`, {
              field: 'spotNumbers',
            });
          }
          const taken = spotRows.filter((s) => s.saleId !== null);
          if (taken.length) throw takenConflict(taken.map((s) => s.team ?? `#${s.spotNumber}`));
          const prices = new Map(spotRows.map((s) => [s.spotNumber, s.priceCents]));
          priceOf = (n) => prices.get(n)!;
        } else {
          priceOf = () => seen.spotPriceCents;
        }
        const left = seen.totalSpots - seen.spotsSold;
        if (quantity > left) {
          throw conflict(
            left === 0 ? SOLD_OUT : `Only ${left} spot${left === 1 ? ' is' : 's are'} left.`,
            { left },
          );
        }

        const chargeCents = chosen
          ? chosen.reduce((sum, n) => sum + priceOf(n), 0)
          : quantity * seen.spotPriceCents;

        // The debit locks only this buyer's wallet row; it comes before the break row lock so
        // the one row every buyer shares is held as briefly as possible.
        const purchaseId = randomUUID();
        await this.deps.limits.checkPurchase(user.id, chargeCents, tx);
        const balanceCents = await this.deps.wallet.debit(
          user.id,
          chargeCents,
          {
            kind: 'break',
            refType: 'break_purchase',
            refId: purchaseId,
            description: `Break spot${quantity === 1 ? '' : 's'}: ${seen.title}`,
          },
          tx,
        );

        // Lock the break and take k = sold + 1 … sold + quantity in one statement; no row means
        // it sold out, closed or passed its deadline while we waited (the throw undoes the debit).
        const [taken] = await tx
          .update(breaks)
          .set({
            spotsSold: sql`${breaks.spotsSold} + ${quantity}`,
            status: sql`case when ${breaks.spotsSold} + ${quantity} = ${breaks.totalSpots} then 'filled' else 'open' end`,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(breaks.id, breakId),
              eq(breaks.status, 'open'),
              sql`${breaks.spotsSold} + ${quantity} <= ${breaks.totalSpots}`,
              sql`${breaks.salesDeadline} > now()`,
            ),
          )
          .returning();
        if (!taken) {
          const [now] = await tx.select().from(breaks).where(eq(breaks.id, breakId));
          assertOnSale(now);
          const leftNow = now.totalSpots - now.spotsSold;
          throw conflict(leftNow === 0 ? SOLD_OUT : `Only ${leftNow} spots are left.`, {
            left: leftNow,
          });
        }
        const firstK = taken.spotsSold - quantity + 1;
        const numbers = chosen ?? Array.from({ length: quantity }, (_, i) => firstK + i);
        await this.deps.notifications.notify(tx, user.id, {
          category: 'receipts',
          kind: 'break.spots_bought',
          title: `${quantity === 1 ? 'Spot' : `${quantity} spots`} in ${seen.title}`,
          body: `You paid ${formatCents(chargeCents)} for spot${quantity === 1 ? '' : 's'} ${numbers.join(', ')}.`,
          link: `/breaks/${breakId}`,
          subject: { type: 'break_purchase', id: purchaseId },
        });
        const inserted = await tx
          .insert(breakSpotSales)
          .values(
            numbers.map((spotNumber, i) => ({
              breakId,
              spotNumber,
              userId: user.id,
              purchaseId,
              k: firstK + i,
              clientSeed,
              priceCents: priceOf(spotNumber),
            })),
          )
          .onConflictDoNothing({ target: [breakSpotSales.breakId, breakSpotSales.spotNumber] })
          .returning();
        // Another buyer took one of these teams after our first look: nothing is kept.
        if (inserted.length !== numbers.length) {
          const got = new Set(inserted.map((s) => s.spotNumber));
          throw takenConflict(
            spotRows
              .filter((s) => numbers.includes(s.spotNumber) && !got.has(s.spotNumber))
              .map((s) => s.team ?? `#${s.spotNumber}`),
          );
        }
        await notifyBreak({ breakId, type: 'spots' }, tx);
        const teamOf = new Map(spotRows.map((s) => [s.spotNumber, s.team]));
        return {
          breakId,
          spots: inserted
            .sort((a, b) => a.k - b.k)
            .map((s) => toMySpot(s, teamOf.get(s.spotNumber) ?? null)),
          charged: centsToDollars(chargeCents),
          balance: centsToDollars(balanceCents),
        };
      },
    );
  }
}

/** 404 for no such (or draft) break; 409 when its spots are not on sale. */
function assertOnSale(b: BreakRow | undefined): asserts b is BreakRow {
  if (!b || b.status === 'draft') throw breakNotFound();
  if (b.status === 'cancelled') throw conflict('This break was cancelled.');
  if (b.status === 'live' || b.status === 'completed')
    throw conflict('This break has already run.');
  if (b.status === 'filled' || b.spotsSold >= b.totalSpots) {
    throw conflict(b.spotsSold >= b.totalSpots ? SOLD_OUT : 'Sales for this break have closed.');
  }
  if (b.salesDeadline.getTime() <= Date.now()) {
    throw conflict(`Sales for this break closed at ${b.salesDeadline.toISOString()}.`, {
      salesDeadline: b.salesDeadline.toISOString(),
    });
  }
}

const takenConflict = (teams: string[]) =>
  conflict(
    `${teams.join(', ')} ${teams.length === 1 ? 'is' : 'are'} already taken. Choose another team.`,
    { taken: teams },
  );
