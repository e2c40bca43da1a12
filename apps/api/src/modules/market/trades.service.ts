import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  dollarsToCents,
  formatCents,
  TRADE_EXPIRY_DAYS,
  type CounterTradeBody,
  type NewTradeBody,
  type Trade,
  type TradesQuery,
  type TradesResponse,
} from '@grail/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { retryingConflicts } from '../../lib/retry-conflicts.js';
import { marketListings, marketTradeItems, marketTrades } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import type { SessionUser } from '../auth/sessions.service.js';
import { runIdempotent, type IdempotentResult } from '../idempotency/idempotency.service.js';
import { cardNamesAndFmv } from '../inventory/inventory.reads.js';
import { activeUserByUsername, namesOf } from '../users/users.reads.js';
import {
  holdingsByIds,
  lockHoldings,
  passToBuyer,
  reserveForMarket,
  returnToVault,
  type LockedHolding,
} from '../vault/holdings.service.js';
import { assertMarketAccess } from './access.js';
import { onSide, TRADE_SIDES } from './deal-sides.js';
import { relatedAccounts } from './related.js';
import { closeOpenOffers, lockSaleWallets, type MarketDeps } from './settlement.js';
import { noticeTrade } from './market-notices.js';
import { payTradeCash } from './trade-cash.js';
import { tradeItems, tradesOf, tradeViews, type TradeRecord } from './trades.reads.js';

const DAY_MS = 86_400_000;
const noTrade = () => notFound('No trade of yours with this id.');

type Terms = Pick<NewTradeBody, 'give' | 'giveCash' | 'get' | 'getCash'>;
type Ending = 'declined' | 'withdrawn' | 'expired' | 'countered';

const ENDING_NOTE: Record<Ending, string> = {
  declined: 'Trade declined: the cash released',
  withdrawn: 'Trade withdrawn: the cash released',
  expired: 'Trade expired: the cash released',
  countered: 'Trade countered: the cash released',
};

/**
 * Card-for-card trades with cash either way. The proposer's cards move in_vault → in_trade and
 * their cash is held while the trade is open; the recipient accepts (every card and the cash swap
 * in one transaction), declines or counters (their terms open as a new trade, the sides swapped);
 * the proposer may withdraw; a worker expires what was not answered in 7 days.
 *
 * Lock order, the same in every command: the trade, then the listings of the recipient's listed
 * cards (as a sale locks its listing first), then the holdings ordered by id, then every wallet
 * the command moves money in, ordered by user id (lockSaleWallets, as a sale does).
 */
export class TradesService {
  constructor(
    private readonly db: Db,
    private readonly deps: MarketDeps,
  ) {}

  /** Proposes a trade to the collector named `to`, once per Idempotency-Key. */
  async propose(
    user: SessionUser,
    body: NewTradeBody,
    idempotencyKey: string,
  ): Promise<IdempotentResult<Trade>> {
    return this.once(user, 'market-trade', idempotencyKey, body, async (tx) => {
      const recipient = await activeUserByUsername(tx, body.to);
      if (!recipient) throw notFound(`to: no collector is named "${body.to}".`);
      if (recipient.id === user.id)
        throw badRequest('to: you cannot trade with yourself', { field: 'to' });
      const tradeId = await this.open(tx, user.id, recipient, body, null);
      return this.view(tx, tradeId, user.id);
    });
  }

  /**
   * Accepts a trade proposed to the caller, once per Idempotency-Key: after checking that every
   * card is still where it was, the cards swap, the cash moves both ways less the fee on the cash,
   * and the recipient's listings of the cards they give end (their offers released).
   */
  async accept(
    user: SessionUser,
    tradeId: string,
    idempotencyKey: string,
  ): Promise<IdempotentResult<Trade>> {
    return this.once(user, 'market-trade-accept', idempotencyKey, { tradeId }, async (tx) => {
      const trade = await this.lockOpen(tx, user, tradeId, 'recipient', 'accept');
      await this.settle(tx, trade, user.id);
      return this.view(tx, tradeId, user.id);
    });
  }

  /**
   * A command of a collector with market access that runs once per Idempotency-Key (a repeat
   * answers the first result) in one transaction, tried again on a serialization conflict.
   */
  private async once(
    user: SessionUser,
    scope: string,
    idempotencyKey: string,
    request: unknown,
    command: (tx: Tx) => Promise<Trade>,
  ): Promise<IdempotentResult<Trade>> {
    await assertMarketAccess(this.db, user.id);
    return retryingConflicts(() =>
      runIdempotent(this.db, { userId: user.id, scope, key: idempotencyKey, request }, command),
    );
  }

  /** The recipient turns the trade down: the proposer's cards and cash are released. */
  async decline(user: SessionUser, tradeId: string): Promise<Trade> {
    return this.answer(user, tradeId, 'declined');
  }

  /** The proposer takes the trade back: their cards and cash are released. */
  async withdraw(user: SessionUser, tradeId: string): Promise<Trade> {
    return this.answer(user, tradeId, 'withdrawn');
  }

  private async answer(user: SessionUser, tradeId: string, status: 'declined' | 'withdrawn') {
    return retryingConflicts(() =>
      this.db.transaction(async (tx) => {
        const trade =
          status === 'declined'
            ? await this.lockOpen(tx, user, tradeId, 'recipient', 'decline')
            : await this.lockOpen(tx, user, tradeId, 'proposer', 'withdraw');
        await this.end(tx, trade, status);
        return this.view(tx, tradeId, user.id);
      }),
    );
  }

  /**
   * The recipient answers with their own terms, in one transaction: this trade ends as countered
   * (the proposer's cards and cash released) and the answer opens with the sides swapped.
   */
  async counter(user: SessionUser, tradeId: string, body: CounterTradeBody): Promise<Trade> {
    await assertMarketAccess(this.db, user.id);
    return retryingConflicts(() =>
      this.db.transaction(async (tx) => {
        const trade = await this.lockOpen(tx, user, tradeId, 'recipient', 'counter');
        await this.end(tx, trade, 'countered');
        const names = await namesOf(tx, [trade.proposerId]);
        const answer = await this.open(
          tx,
          user.id,
          { id: trade.proposerId, username: names.get(trade.proposerId)?.username ?? 'collector' },
          body,
          trade.id,
        );
        return this.view(tx, answer, user.id);
      }),
    );
  }

  /**
   * Expires open trades past their time, oldest first, each in its own transaction: the
   * proposer's cards return to their vault and their cash is released.
   */
  async expireDue(limit: number): Promise<number> {
    const due = await this.db
      .select({ id: marketTrades.id })
      .from(marketTrades)
      .where(and(eq(marketTrades.status, 'open'), lte(marketTrades.expiresAt, sql`now()`)))
      .orderBy(marketTrades.expiresAt)
      .limit(limit);
    for (const { id } of due) {
      await retryingConflicts(() =>
        this.db.transaction(async (tx) => {
          const [trade] = await tx
            .select()
            .from(marketTrades)
            .where(
              and(
                eq(marketTrades.id, id),
                eq(marketTrades.status, 'open'),
                lte(marketTrades.expiresAt, sql`now()`),
              ),
            )
            .for('update');
          if (trade) await this.end(tx, trade, 'expired');
        }),
      );
    }
    return due.length;
  }

  async list(userId: string, query: z.output<typeof TradesQuery>): Promise<TradesResponse> {
    const { rows, total } = await tradesOf(this.db, userId, query);
    return { trades: await tradeViews(this.db, rows, userId, this.deps.feePercent), total };
  }

  /**
   * Opens a trade from `proposerId` to `recipient` on `terms` in `tx`: checks every card, holds
   * the proposer's cash and moves their cards in_vault → in_trade. Answers the trade's id.
   */
  private async open(
    tx: Tx,
    proposerId: string,
    recipient: { id: string; username: string },
    terms: Terms,
    counterOf: string | null,
  ): Promise<string> {
    // The proposer's cards are locked (they move); the recipient's are only read, as a sale may
    // hold one of them while it waits for a wallet this proposal holds. Acceptance checks again.
    const found = new Map(
      [...(await lockHoldings(tx, terms.give)), ...(await holdingsByIds(tx, terms.get))].map(
        (h) => [h.id, h],
      ),
    );
    terms.give.forEach((holdingId, i) =>
      checkCard(
        holdingId,
        found.get(holdingId),
        proposerId,
        ['in_vault'],
        `give.${i}`,
        'your vault',
      ),
    );
    terms.get.forEach((holdingId, i) =>
      checkCard(
        holdingId,
        found.get(holdingId),
        recipient.id,
        ['in_vault', 'listed'],
        `get.${i}`,
        `${recipient.username}'s vault`,
      ),
    );
    const giveCents = dollarsToCents(terms.giveCash);
    const tradeId = randomUUID();
    let holdId: string | null = null;
    if (giveCents > 0) {
      await this.deps.limits.checkPurchase(proposerId, giveCents, tx);
      holdId = await this.deps.holds.hold(tx, proposerId, giveCents, {
        refType: 'trade',
        refId: tradeId,
        description: `Trade proposal: ${formatCents(giveCents)} held`,
      });
    }
    await tx.insert(marketTrades).values({
      id: tradeId,
      proposerId,
      recipientId: recipient.id,
      proposerCashCents: giveCents,
      recipientCashCents: dollarsToCents(terms.getCash),
      holdId,
      counterOf,
      expiresAt: new Date(Date.now() + TRADE_EXPIRY_DAYS * DAY_MS),
    });
    await tx.insert(marketTradeItems).values([
      ...terms.give.map((holdingId, position) => ({
        tradeId,
        holdingId,
        side: 'proposer' as const,
        position,
      })),
      ...terms.get.map((holdingId, position) => ({
        tradeId,
        holdingId,
        side: 'recipient' as const,
        position,
      })),
    ]);
    for (const holdingId of terms.give) {
      const move = await reserveForMarket(tx, proposerId, holdingId, 'in_trade');
      if (!move.moved) throw conflict(`give: card ${holdingId} is no longer in your vault.`);
    }
    await noticeTrade(tx, this.deps.notices, counterOf ? 'countered' : 'proposed', {
      id: tradeId,
      to: recipient.id,
    });
    return tradeId;
  }

  /** Everything of an accepted trade, in the caller's transaction: all of it or nothing. */
  private async settle(tx: Tx, trade: TradeRecord, actorId: string) {
    const items = await tradeItems(tx, [trade.id]);
    const giving = items.filter((i) => i.side === 'proposer').map((i) => i.holdingId);
    const asked = items.filter((i) => i.side === 'recipient').map((i) => i.holdingId);
    // A sale locks its listing, then the card: the listings of listed cards are locked first.
    const listedNow = (await holdingsByIds(tx, asked))
      .filter((h) => h.state === 'listed')
      .map((h) => h.id);
    const listings = listedNow.length
      ? await tx
          .select()
          .from(marketListings)
          .where(
            and(inArray(marketListings.holdingId, listedNow), eq(marketListings.status, 'open')),
          )
          .orderBy(marketListings.id)
          .for('update')
      : [];
    const found = new Map((await lockHoldings(tx, [...giving, ...asked])).map((h) => [h.id, h]));
    const moved = (id: string) =>
      conflict(
        `Card ${id} is no longer where it was when the trade was proposed: it cannot go through.`,
        { holdingId: id },
      );
    for (const id of giving) {
      const h = found.get(id);
      if (!h || h.userId !== trade.proposerId || h.state !== 'in_trade') throw moved(id);
    }
    const listingOf = new Map(listings.map((l) => [l.holdingId, l]));
    for (const id of asked) {
      const h = found.get(id);
      if (!h || h.userId !== trade.recipientId) throw moved(id);
      if (h.state === 'in_vault') continue;
      const listing = listingOf.get(id);
      if (h.state !== 'listed' || !listing) throw moved(id);
      if (listing.frozenAt)
        throw conflict(`Card ${id} is on hold while our team reviews its listing.`, {
          holdingId: id,
        });
    }
    await lockSaleWallets(
      tx,
      this.deps,
      listings.map((l) => l.id),
      [trade.proposerId, trade.recipientId],
    );
    // The database refuses an acceptance at or after the expiry (market_trades_accepted_in_time).
    await tx
      .update(marketTrades)
      .set({ status: 'accepted', decidedAt: sql`now()` })
      .where(eq(marketTrades.id, trade.id));
    for (const listing of listings) {
      await tx
        .update(marketListings)
        .set({ status: 'cancelled', closedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(marketListings.id, listing.id));
    }
    // Each card arrives costing its FMV at the trade (what it was worth when swapped).
    const fmv = new Map(
      (
        await cardNamesAndFmv(
          tx,
          [...found.values()].map((h) => h.cardId!),
        )
      ).map((c) => [c.id, c]),
    );
    for (const listing of listings)
      await closeOpenOffers(tx, this.deps, listing.id, fmv.get(listing.cardId)?.name ?? 'The card');
    const pass = async (h: LockedHolding, to: string) => {
      const got = await passToBuyer(tx, {
        holdingId: h.id,
        sellerId: h.userId,
        from: h.state as 'in_trade' | 'in_vault' | 'listed',
        buyerId: to,
        source: 'trade',
        sourceId: trade.id,
        costCents: fmv.get(h.cardId!)?.fmvCents ?? 0,
      });
      if (!got) throw moved(h.id);
    };
    for (const id of giving) await pass(found.get(id)!, trade.recipientId);
    for (const id of asked) await pass(found.get(id)!, trade.proposerId);
    const fees = await payTradeCash(tx, this.deps, trade);
    const flagReason = await relatedAccounts(tx, trade.proposerId, trade.recipientId);
    await this.deps.audit.record(
      {
        actorId,
        action: 'market.trade',
        subjectType: 'market_trade',
        subjectId: trade.id,
        after: {
          proposerId: trade.proposerId,
          recipientId: trade.recipientId,
          proposerCards: giving,
          recipientCards: asked,
          proposerCashCents: trade.proposerCashCents,
          recipientCashCents: trade.recipientCashCents,
          feeCents: fees,
          cancelledListings: listings.map((l) => l.id),
          flagReason,
        },
      },
      tx,
    );
    await noticeTrade(tx, this.deps.notices, 'accepted', {
      id: trade.id,
      to: trade.proposerId,
      answeredBy: trade.recipientId,
    });
  }

  /** Ends an open trade (locked by the caller): the proposer's cards and cash are released. */
  private async end(tx: Tx, trade: TradeRecord, status: Ending) {
    await tx
      .update(marketTrades)
      .set({ status, decidedAt: sql`now()` })
      .where(eq(marketTrades.id, trade.id));
    const giving = (await tradeItems(tx, [trade.id]))
      .filter((i) => i.side === 'proposer')
      .map((i) => i.holdingId);
    await lockHoldings(tx, giving);
    await returnToVault(tx, giving, 'in_trade');
    if (trade.holdId) await this.deps.holds.release(tx, trade.holdId, ENDING_NOTE[status]);
    // The recipient no longer has it to answer; the proposer hears of a decline or an expiry (a
    // counter tells them itself, as the new trade's notice).
    await this.deps.notices.answered(tx, trade.recipientId, { type: 'trade', id: trade.id });
    if (status === 'declined' || status === 'expired')
      await noticeTrade(tx, this.deps.notices, status, { id: trade.id, to: trade.proposerId });
  }

  /**
   * The caller's open trade, locked: 404 when not a party, 403 when the caller is not `side` (who
   * may `verb` it), 409 when it ended or expired.
   */
  private async lockOpen(
    tx: Tx,
    user: SessionUser,
    tradeId: string,
    side: 'proposer' | 'recipient',
    verb: string,
  ): Promise<TradeRecord> {
    const [trade] = await tx
      .select()
      .from(marketTrades)
      .where(and(eq(marketTrades.id, tradeId), onSide(user.id, TRADE_SIDES)))
      .for('update');
    if (!trade) throw noTrade();
    if ((side === 'proposer' ? trade.proposerId : trade.recipientId) !== user.id)
      throw forbidden(
        side === 'proposer'
          ? `Only the collector who proposed this trade can ${verb} it.`
          : `Only the collector this trade was proposed to can ${verb} it.`,
      );
    if (trade.status !== 'open')
      throw conflict(`This trade is ${trade.status}.`, { status: trade.status });
    if (trade.expiresAt.getTime() <= Date.now()) throw conflict('This trade has expired.');
    return trade;
  }

  private async view(db: Db | Tx, tradeId: string, viewerId: string): Promise<Trade> {
    const rows = await db.select().from(marketTrades).where(eq(marketTrades.id, tradeId));
    return (await tradeViews(db, rows, viewerId, this.deps.feePercent))[0]!;
  }
}

/**
 * A card named in a proposal: 404 naming it when it is not `ownerId`'s (or unknown), 400 for a
 * break hit (no card identity), 409 when it is not in one of the states it may be traded from.
 */
function checkCard(
  holdingId: string,
  h: LockedHolding | undefined,
  ownerId: string,
  states: LockedHolding['state'][],
  field: string,
  where: string,
) {
  if (!h || h.userId !== ownerId) throw notFound(`${field}: no card ${holdingId} in ${where}.`);
  if (!h.cardId)
    throw badRequest(`${field}: break hits cannot be traded (they have no card identity).`, {
      field,
    });
  if (!states.includes(h.state))
    throw conflict(
      `${field}: card ${holdingId} is not in ${where}: it is ${h.state.replace('_', ' ')}.`,
      {
        field,
        state: h.state,
      },
    );
}
