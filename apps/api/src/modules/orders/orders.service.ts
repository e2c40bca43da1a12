import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  centsToDollars,
  ORDER_MAX_ITEMS,
  SHIPPING_PROMISE_HOURS,
  imageUrl,
  shippingFeeCents,
  type Order,
  type PlaceOrderBody,
  type Product,
} from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { cartItems, orderItems, orders, type ShippingAddress } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { notifyChange } from '../../lib/hot-changes.js';
import type { SessionUser } from '../auth/sessions.service.js';
import { toProduct } from '../catalog/catalog.view.js';
import { runIdempotent } from '../idempotency/idempotency.service.js';
import { lockCardsForSale, markCardsSold } from '../inventory/cards.service.js';
import { cardsByIds } from '../inventory/inventory.reads.js';
import type { LimitsService } from '../limits/limits.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { shipmentsByIds, shipmentsOf, type ShipmentRow } from '../shipping/shipping.reads.js';
import { lockUser } from '../users/users.reads.js';
import { boxesOfOrders } from '../vault/vault.reads.js';
import type { VaultService } from '../vault/vault.service.js';
import type { WalletService } from '../wallet/wallet.service.js';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect & { imageIds: string[] };

/**
 * An order as its buyer sees it. Its box (null when the cards were kept in the vault, or once the
 * box was cancelled) tells whether it has shipped.
 */
function toOrder(order: OrderRow, items: ItemRow[], shipment: ShipmentRow | null): Order {
  const sent = shipment?.status === 'shipped' || shipment?.status === 'delivered';
  return {
    _id: order.id,
    items: items.map((i) => ({
      cardId: i.cardId,
      name: i.name,
      price: centsToDollars(i.priceCents),
      imageUrl: i.imageIds[0] ? imageUrl(i.imageIds[0]) : '',
    })),
    total: centsToDollars(order.totalCents),
    shippingFee: centsToDollars(order.shippingFeeCents),
    delivery: order.delivery,
    status: order.status === 'paid' && sent ? 'shipped' : order.status,
    shippingAddress: order.shippingAddress,
    shipBy: shipment?.shipBy.toISOString() ?? null,
    shipment: shipment
      ? {
          status: shipment.status,
          carrier: shipment.carrier,
          trackingNumber: shipment.trackingNumber,
          shippedAt: shipment.shippedAt?.toISOString() ?? null,
        }
      : null,
    paidAt: order.paidAt.toISOString(),
    createdAt: order.createdAt.toISOString(),
  };
}

/** The order is on its way: the shipping module calls this when staff mark the box sent. */
export async function markOrderShipped(tx: Tx, orderId: string): Promise<void> {
  await tx.update(orders).set({ status: 'shipped' }).where(eq(orders.id, orderId));
}

/**
 * Store checkout: one transaction locks the cards, debits the wallet, sells them and makes them
 * the buyer's holdings, in a box when they ship now or in the vault.
 */
export class OrdersService {
  constructor(
    private readonly db: Db,
    private readonly wallet: WalletService,
    private readonly vault: VaultService,
    private readonly notifications: Pick<NotificationsService, 'notify'>,
    private readonly limits: LimitsService,
  ) {}

  async place(user: SessionUser, body: PlaceOrderBody, idempotencyKey: string) {
    const address: ShippingAddress | null =
      body.delivery === 'ship' ? (body.shippingAddress ?? user.shippingAddress) : null;
    if (body.delivery === 'ship' && !address) {
      throw badRequest('Add a shipping address to place this order.', {
        field: 'shippingAddress',
      });
    }
    const result = await runIdempotent(
      this.db,
      { userId: user.id, scope: 'orders', key: idempotencyKey, request: body },
      async (tx) => {
        const order = await this.sell(user, body, address, tx);
        await this.sendConfirmation(user.id, order, tx);
        return { order };
      },
    );
    return result;
  }

  private async sell(
    user: SessionUser,
    body: PlaceOrderBody,
    address: ShippingAddress | null,
    tx: Tx,
  ) {
    const locked = await lockCardsForSale(tx, body.items);
    const byId = new Map(locked.map((c) => [c.id, c]));
    for (const cardId of body.items) {
      const card = byId.get(cardId);
      if (!card) throw notFound(`Card ${cardId} was not found.`);
      if (card.status !== 'available' || card.storePriceCents === null) {
        throw conflict(
          card.status === 'sold'
            ? `Sorry, "${card.name}" has just been sold.`
            : `"${card.name}" is not for sale.`,
          { cardId: card.id, name: card.name },
        );
      }
    }
    const bought = body.items.map((id) => byId.get(id)!);
    const priceCents = bought.reduce((sum, c) => sum + c.storePriceCents!, 0);
    const insuredCents = bought.reduce((sum, c) => sum + c.fmvCents, 0);
    const feeCents = address ? shippingFeeCents(bought.length, insuredCents) : 0;
    const totalCents = priceCents + feeCents;
    const orderId = randomUUID();
    await this.limits.checkPurchase(user.id, totalCents, tx);
    await this.wallet.debit(
      user.id,
      totalCents,
      {
        kind: 'order',
        refType: 'order',
        refId: orderId,
        description:
          bought.length === 1 ? `Order: ${bought[0]!.name}` : `Order of ${bought.length} cards`,
      },
      tx,
    );
    await markCardsSold(tx, body.items);
    await notifyChange('catalog', tx);
    const paidAt = new Date();
    const [order] = await tx
      .insert(orders)
      .values({
        id: orderId,
        userId: user.id,
        totalCents,
        shippingFeeCents: feeCents,
        delivery: address ? 'ship' : 'vault',
        shippingAddress: address,
        paidAt,
      })
      .returning();
    const items = await tx
      .insert(orderItems)
      .values(
        bought.map((c) => ({
          orderId,
          cardId: c.id,
          priceCents: c.storePriceCents!,
          name: c.name,
        })),
      )
      .returning();
    const shipment = await this.vault.holdOrder(tx, {
      userId: user.id,
      orderId,
      cards: bought.map((c) => ({
        cardId: c.id,
        priceCents: c.storePriceCents!,
        fmvCents: c.fmvCents,
      })),
      ship: address ? { address, feeCents } : null,
      at: paidAt,
    });
    await tx
      .delete(cartItems)
      .where(and(eq(cartItems.userId, user.id), inArray(cartItems.cardId, body.items)));
    const images = new Map(bought.map((c) => [c.id, c.imageIds]));
    return toOrder(
      order!,
      items.map((i) => ({ ...i, imageIds: images.get(i.cardId) ?? [] })),
      shipment,
    );
  }

  /** Queued with the order (the outbox sends it after the commit): a mail outage never undoes it. */
  private async sendConfirmation(userId: string, order: Order, tx: Tx) {
    const lines = order.items.map((i) => `- ${i.name}: $${i.price.toFixed(2)}`);
    const cards = `${order.items.length} card${order.items.length === 1 ? '' : 's'}`;
    await this.notifications.notify(tx, userId, {
      category: 'receipts',
      kind: 'order.paid',
      title: `Order confirmed: ${cards}`,
      body: `You paid $${order.total.toFixed(2)} for ${cards}.`,
      link: '/dashboard/vault',
      subject: { type: 'order', id: order._id },
      mail: {
        subject: `Order confirmed: ${cards}`,
        text: [
          'Thank you for your order!',
          '',
          ...lines,
          '',
          ...(order.shippingFee > 0 ? [`Shipping: $${order.shippingFee.toFixed(2)}`] : []),
          `Total: $${order.total.toFixed(2)}`,
          order.shipBy
            ? `Ships within ${SHIPPING_PROMISE_HOURS} hours (by ${order.shipBy}).`
            : 'Kept in your vault: ship it from there whenever you like.',
          `Order id: ${order._id}`,
        ].join('\n'),
      },
    });
  }

  async list(userId: string, page: number, limit: number) {
    const rows = await this.db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset((page - 1) * limit);
    const [count] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.userId, userId));
    return { orders: await this.withDetails(rows), total: count?.total ?? 0, page, limit };
  }

  /** The owner or an admin sees an order; anyone else gets the same 404 as for no order at all. */
  async get(user: SessionUser, id: string) {
    const [row] = await this.db.select().from(orders).where(eq(orders.id, id)).limit(1);
    if (!row || (row.userId !== user.id && user.role !== 'admin')) {
      throw notFound('Order not found');
    }
    const [order] = await this.withDetails([row]);
    return order!;
  }

  private async withDetails(rows: OrderRow[]): Promise<Order[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const itemRows = await this.db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids));
    const cards = await cardsByIds(
      this.db,
      itemRows.map((i) => i.cardId),
    );
    const items = itemRows.flatMap((i) => {
      const card = cards.get(i.cardId);
      return card ? [{ ...i, imageIds: card.imageIds }] : [];
    });
    // Orders placed before the vault have a box of their own; later ones, a vault box.
    const legacy = await shipmentsOf(this.db, 'order', ids);
    const boxIds = await boxesOfOrders(this.db, ids);
    const boxes = await shipmentsByIds(
      this.db,
      [...boxIds.values()].flatMap((id) => (id ? [id] : [])),
    );
    return rows.map((r) => {
      const boxId = boxIds.get(r.id);
      const shipment = legacy.get(r.id) ?? (boxId ? boxes.get(boxId) : undefined) ?? null;
      return toOrder(
        r,
        items.filter((i) => i.orderId === r.id),
        shipment,
      );
    });
  }

  // The cart of a signed-in collector (visitors keep theirs in the browser until they sign in).
  async cart(userId: string): Promise<Product[]> {
    const rows = await this.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.userId, userId))
      .orderBy(asc(cartItems.addedAt), asc(cartItems.cardId));
    const cards = await cardsByIds(
      this.db,
      rows.map((r) => r.cardId),
    );
    return rows.flatMap((r) => {
      const card = cards.get(r.cardId);
      return card ? [toProduct(card)] : [];
    });
  }

  /**
   * Replaces the cart with these cards, in this order. A card listed twice is kept once, where it
   * first appears (a cart holds one of each card: each is unique); unknown ids are dropped, since
   * a card may have been deleted since it was added.
   */
  async setCart(userId: string, listed: string[]): Promise<Product[]> {
    const cardIds = [...new Set(listed)];
    await this.db.transaction(async (tx) => {
      // One replacement at a time per collector: two at once (a double click, two tabs) would
      // otherwise both insert the same rows and one fail on the cart's primary key.
      await lockUser(tx, userId);
      await tx.delete(cartItems).where(eq(cartItems.userId, userId));
      if (cardIds.length === 0) return;
      const knownIds = new Set((await cardsByIds(tx, cardIds)).keys());
      const base = Date.now();
      const values = cardIds
        .filter((id) => knownIds.has(id))
        .map((cardId, i) => ({ userId, cardId, addedAt: new Date(base + i) }));
      if (values.length) await tx.insert(cartItems).values(values);
    });
    return this.cart(userId);
  }

  /**
   * Adds a visitor's cart (kept in their browser) to the account's cart at sign-in: each card once
   * (every card is one of a kind), the account's cards first. A card that is no longer on sale (sold
   * since, or taken off the store) is left out and named, so the collector hears about it.
   */
  async mergeCart(
    userId: string,
    visitorIds: string[],
  ): Promise<{ items: Product[]; dropped: { _id: string; name: string }[] }> {
    const dropped: { _id: string; name: string }[] = [];
    await this.db.transaction(async (tx) => {
      // Serialised with setCart for this collector, as two replacements are.
      await lockUser(tx, userId);
      const held = await tx
        .select({ cardId: cartItems.cardId })
        .from(cartItems)
        .where(eq(cartItems.userId, userId));
      const heldIds = new Set(held.map((h) => h.cardId));
      const incoming = [...new Set(visitorIds)].filter((id) => !heldIds.has(id));
      if (incoming.length === 0) return;
      const byId = await cardsByIds(tx, incoming);
      const base = Date.now();
      const values: { userId: string; cardId: string; addedAt: Date }[] = [];
      for (const id of incoming) {
        const card = byId.get(id);
        // A card deleted since has no name left to show; it is simply gone.
        if (!card) continue;
        if (card.status !== 'available' || card.storePriceCents === null) {
          dropped.push({ _id: card.id, name: card.name });
          continue;
        }
        // A cart holds at most what one order may (the account's cards keep their places).
        if (heldIds.size + values.length >= ORDER_MAX_ITEMS) break;
        values.push({ userId, cardId: id, addedAt: new Date(base + values.length) });
      }
      if (values.length) await tx.insert(cartItems).values(values);
    });
    return { items: await this.cart(userId), dropped };
  }
}
