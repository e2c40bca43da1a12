import { z } from 'zod';
import { MAX_DOLLARS, typedDollars } from '../money.js';
import { queryInteger } from '../query.js';
import { id, MarketCard } from './listings.js';

/*
 * Card-for-card trades with cash either way (docs/marketplace.md): the proposer's cards are
 * 'in_trade' and their cash held while the proposal is open; the recipient accepts (everything
 * swaps in one transaction), declines or counters; the proposer may withdraw; 7 days to answer.
 */

export const TRADE_EXPIRY_DAYS = 7;
/** The most cards one side of a trade may name. */
export const TRADE_MAX_CARDS = 10;

export const TRADE_STATUSES = [
  'open',
  'accepted',
  'declined',
  'withdrawn',
  'expired',
  'countered',
] as const;
export const TradeStatus = z.enum(TRADE_STATUSES);
export type TradeStatus = z.infer<typeof TradeStatus>;
export const TRADE_STATUS_LABELS: Record<TradeStatus, string> = {
  open: 'Waiting for an answer',
  accepted: 'Accepted: the cards and cash swapped',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  countered: 'Countered: see the answer',
};

export const TRADE_SIDES = ['proposer', 'recipient'] as const;
export const TradeSide = z.enum(TRADE_SIDES);
export type TradeSide = z.infer<typeof TradeSide>;

/** Cash on one side of a trade: $0 to the site's maximum, in whole cents. */
export const TradeCash = typedDollars(0, MAX_DOLLARS);

const holdingIds = (min: number) =>
  z
    .array(id)
    .min(min, min === 1 ? 'must name at least one card' : `must name at least ${min} cards`)
    .max(TRADE_MAX_CARDS, `must name at most ${TRADE_MAX_CARDS} cards`);

/** What the proposer (or the one countering) puts in and what they ask for. */
const TradeTerms = z.strictObject({
  /** Cards of the caller's vault (state in_vault) they give: 0 to 10. */
  give: holdingIds(0).default([]),
  /** Cash they give, held from their wallet while the trade is open. */
  giveCash: TradeCash.default(0),
  /** Cards of the other collector's vault (in_vault or listed) they ask for: 1 to 10. */
  get: holdingIds(1),
  /** Cash they ask for, paid from the other's wallet on acceptance. */
  getCash: TradeCash.default(0),
});

const checkTerms = <T extends z.output<typeof TradeTerms>>(terms: T, ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  for (const [field, ids] of [
    ['give', terms.give],
    ['get', terms.get],
  ] as const)
    ids.forEach((holdingId, i) => {
      if (seen.has(holdingId))
        ctx.addIssue({ code: 'custom', message: 'names this card twice', path: [field, i] });
      seen.add(holdingId);
    });
  if (terms.give.length === 0 && terms.giveCash === 0)
    ctx.addIssue({
      code: 'custom',
      message: 'offer at least one card or some cash',
      path: ['give'],
    });
};

export const NewTradeBody = TradeTerms.extend({
  /** The other collector's username. */
  to: z.string().trim().min(1, 'must name a collector').max(64, 'must be at most 64 characters'),
}).superRefine(checkTerms);
export type NewTradeBody = z.infer<typeof NewTradeBody>;

/** A counter: the recipient's own terms, with the sides swapped (they give, they get). */
export const CounterTradeBody = TradeTerms.superRefine(checkTerms);
export type CounterTradeBody = z.infer<typeof CounterTradeBody>;

export const TradeCard = MarketCard.extend({ holdingId: z.string() });
export type TradeCard = z.infer<typeof TradeCard>;

const TradeSideView = z.object({
  /** The collector's public handle. */
  collector: z.string(),
  cards: z.array(TradeCard),
  cash: z.number(),
});

export const Trade = z.object({
  _id: z.string(),
  /** The caller's side of it. */
  role: TradeSide,
  /** What the proposer gives, and what the recipient gives. */
  proposer: TradeSideView,
  recipient: TradeSideView,
  status: TradeStatus,
  /** True when the caller is the one to answer (the recipient of an open trade). */
  yourTurn: z.boolean(),
  /** The fee on the cash part only (each side's cash less MARKETPLACE_FEE_PERCENT). */
  feePercent: z.number(),
  /** The trade this one answers, when it is a counter. */
  counterOf: z.string().nullable(),
  /** The counter that answered this one, when it was countered. */
  counteredBy: z.string().nullable(),
  expiresAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
});
export type Trade = z.infer<typeof Trade>;

export const TradesQuery = z.object({
  /** Trades the caller proposed, or ones proposed to them; absent: both. */
  role: TradeSide.optional(),
  status: z.enum([...TRADE_STATUSES, 'all']).default('all'),
  page: queryInteger(1, 100_000).default(1),
  limit: queryInteger(1, 100).default(20),
});
export const TradesResponse = z.object({
  trades: z.array(Trade),
  total: z.number().int(),
});
export type TradesResponse = z.infer<typeof TradesResponse>;

export const TradeIdParams = z.object({ tradeId: id });
