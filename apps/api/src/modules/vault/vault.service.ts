import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  centsToDollars,
  SHIPPING_PROMISE_HOURS,
  shippingFeeCents,
  type CancelShipmentResponse,
  type ShipRequestBody,
  type ShipRequestResponse,
  type VaultHistoryResponse,
  type VaultResponse,
  type VaultShipmentsResponse,
} from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { holdings, vaultValueSnapshots, type ShippingAddress } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { BuybackTerms } from '../grail/pull.view.js';
import { runIdempotent, type IdempotentResult } from '../idempotency/idempotency.service.js';
import { vaultBoxesOf } from '../shipping/shipping.reads.js';
import type { ShippingService } from '../shipping/shipping.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { holdOrderedCards } from './holdings.service.js';
import {
  custodyTotals,
  holdingsWithCards,
  vaultPage,
  vaultShipmentViews,
  type VaultFilters,
} from './vault.reads.js';
import { toBoxCard, toVaultShipment } from './vault.view.js';

export interface VaultDeps {
  wallet: WalletService;
  shipping: ShippingService;
  buyback: BuybackTerms;
}

/** The days of history the value chart shows. */
export const HISTORY_DAYS = 366;

const HOUR_MS = 3_600_000;
const notInVault = () => notFound('No card with this id in your vault.');
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The collector's vault: what they hold, its worth over time, and boxes shipped from it. Each
 * command is one transaction that checks the state every card leaves.
 */
export class VaultService {
  constructor(
    private readonly db: Db,
    private readonly deps: VaultDeps,
  ) {}

  list(userId: string, filters: VaultFilters, db: Db | Tx = this.db): Promise<VaultResponse> {
    return vaultPage(db, userId, filters, this.deps.buyback);
  }

  /** Daily snapshots of the last year, oldest first, then today's live value. */
  async history(userId: string): Promise<VaultHistoryResponse> {
    const today = utcDay(new Date());
    const from = utcDay(new Date(Date.now() - (HISTORY_DAYS - 1) * 24 * HOUR_MS));
    const rows = await this.db
      .select()
      .from(vaultValueSnapshots)
      .where(and(eq(vaultValueSnapshots.userId, userId), gte(vaultValueSnapshots.day, from)))
      .orderBy(asc(vaultValueSnapshots.day));
    const live = await custodyTotals(this.db, userId);
    return {
      points: [
        ...rows
          .filter((r) => r.day < today)
          .map((r) => ({
            day: r.day,
            value: centsToDollars(r.valueCents),
            cost: centsToDollars(r.costCents),
          })),
        { day: today, value: live.value, cost: live.cost },
      ],
    };
  }

  async shipments(userId: string): Promise<VaultShipmentsResponse> {
    const rows = await vaultBoxesOf(this.db, userId);
    return { shipments: await vaultShipmentViews(this.db, rows) };
  }

  /** A ship request, answered once per Idempotency-Key. */
  async requestShipment(
    user: SessionUser,
    body: ShipRequestBody,
    idempotencyKey: string,
  ): Promise<IdempotentResult<ShipRequestResponse>> {
    return runIdempotent(
      this.db,
      { userId: user.id, scope: 'vault-shipment', key: idempotencyKey, request: body },
      (tx) => this.ship(tx, user, body),
    );
  }

  /**
   * Ships cards from the caller's vault in one box, in `tx`: another collector's or an unknown
   * id is 404 and one no longer in the vault 409 (nothing written); the fee from the published
   * schedule on the cards' FMV is debited (no spending-limit check: shipping one's own cards is
   * always allowed), and the cards move in_vault → ship_requested.
   */
  async ship(tx: Tx, user: SessionUser, body: ShipRequestBody): Promise<ShipRequestResponse> {
    const { query } = holdingsWithCards(tx);
    const rows = await query
      .where(and(inArray(holdings.id, body.holdingIds), eq(holdings.userId, user.id)))
      .orderBy(asc(holdings.acquiredAt), asc(holdings.id))
      .for('update', { of: holdings });
    if (rows.length !== body.holdingIds.length) throw notInVault();
    const gone = rows.find((r) => r.holding.state !== 'in_vault');
    if (gone) {
      throw conflict(`"${gone.card.name}" is no longer in your vault.`, {
        holdingId: gone.holding.id,
        state: gone.holding.state,
      });
    }
    const address: ShippingAddress | null = body.shippingAddress ?? user.shippingAddress;
    if (!address) {
      throw badRequest('Add a shipping address to ship these cards.', {
        field: 'shippingAddress',
      });
    }
    const insuredCents = rows.reduce((sum, r) => sum + r.card.fmvCents, 0);
    const feeCents = shippingFeeCents(rows.length, insuredCents);
    const id = randomUUID();
    const balance =
      feeCents > 0
        ? await this.deps.wallet.debit(
            user.id,
            feeCents,
            {
              kind: 'shipping',
              refType: 'shipment',
              refId: id,
              description: `Shipping of ${rows.length} card${rows.length === 1 ? '' : 's'} from the vault`,
            },
            tx,
          )
        : await this.deps.wallet.balance(user.id, tx);
    const box = await this.createBox(tx, {
      id,
      userId: user.id,
      address,
      feeCents,
      insuredValueCents: insuredCents,
    });
    await this.deps.shipping.tellRequested(tx, box);
    const moved = await tx
      .update(holdings)
      .set({ state: 'ship_requested', shipmentId: id, stateChangedAt: sql`now()` })
      .where(
        and(
          inArray(holdings.id, body.holdingIds),
          eq(holdings.userId, user.id),
          eq(holdings.state, 'in_vault'),
        ),
      )
      .returning({ id: holdings.id });
    // The rows are locked, so this holds; if it ever did not, the whole request is undone.
    if (moved.length !== body.holdingIds.length) throw conflict('Your vault changed; try again.');
    return {
      shipment: toVaultShipment(
        box,
        rows.map((r) => toBoxCard(r)),
      ),
      balance: centsToDollars(balance),
    };
  }

  /** A vault box through the shipping module: its source is itself, due in 48 hours. */
  createBox(
    tx: Tx,
    box: {
      id: string;
      userId: string;
      address: ShippingAddress;
      feeCents: number;
      insuredValueCents: number;
    },
    requestedAt = new Date(),
  ) {
    return this.deps.shipping.create(
      {
        ...box,
        sourceType: 'vault',
        sourceId: box.id,
        shipBy: new Date(requestedAt.getTime() + SHIPPING_PROMISE_HOURS * HOUR_MS),
      },
      tx,
    );
  }

  /**
   * A store order's cards into the buyer's vault, in the checkout's transaction: in a new box
   * (ship-requested) when `ship` is given, otherwise in the vault.
   */
  async holdOrder(
    tx: Tx,
    order: {
      userId: string;
      orderId: string;
      cards: { cardId: string; priceCents: number; fmvCents: number }[];
      ship: { address: ShippingAddress; feeCents: number } | null;
      at: Date;
    },
  ) {
    const box = order.ship
      ? await this.createBox(
          tx,
          {
            id: randomUUID(),
            userId: order.userId,
            address: order.ship.address,
            feeCents: order.ship.feeCents,
            insuredValueCents: order.cards.reduce((sum, c) => sum + c.fmvCents, 0),
          },
          order.at,
        )
      : null;
    await holdOrderedCards(tx, { ...order, shipmentId: box?.id ?? null });
    return box;
  }

  /**
   * Cancels the caller's box before packing: cancelled, its cards back in the vault, the fee
   * refunded to the parts of the wallet it was paid from, all in one transaction.
   */
  async cancel(userId: string, shipmentId: string): Promise<CancelShipmentResponse> {
    return this.db.transaction(async (tx) => {
      const box = await this.deps.shipping.cancelVaultBox(tx, userId, shipmentId);
      const [before] = await vaultShipmentViews(tx, [box]);
      const returned = await tx
        .update(holdings)
        .set({ state: 'in_vault', shipmentId: null, stateChangedAt: sql`now()` })
        .where(and(eq(holdings.shipmentId, box.id), eq(holdings.state, 'ship_requested')))
        .returning({ source: holdings.source, sourceId: holdings.sourceId });
      // A ship request paid its fee on its own; a box made at checkout, in its order's total.
      const orders = [
        ...new Set(returned.filter((h) => h.source === 'order').map((h) => h.sourceId)),
      ];
      const balance =
        box.feeCents > 0
          ? await this.deps.wallet.refund(
              userId,
              box.feeCents,
              [
                { refType: 'shipment', refId: box.id },
                ...orders.map((id) => ({ refType: 'order', refId: id })),
              ],
              {
                kind: 'refund',
                refType: 'shipment',
                refId: box.id,
                description: 'Shipping fee refunded: shipment cancelled',
              },
              tx,
            )
          : await this.deps.wallet.balance(userId, tx);
      return {
        shipment: before!,
        refunded: centsToDollars(box.feeCents),
        balance: centsToDollars(balance),
      };
    });
  }
}
