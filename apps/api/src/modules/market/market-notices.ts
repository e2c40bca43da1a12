import { formatCents } from '@grail/contract';
import type { Tx } from '../../db/client.js';
import type { Execution } from '../../db/batch.js';
import { noticeStatement } from '../notifications/notifications.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';

/** What the marketplace tells collectors, through the notifications module (in each change's transaction). */
export type MarketNotices = Pick<NotificationsService, 'notify' | 'answered'>;

const offerSubject = (id: string) => ({ type: 'offer', id });
const tradeSubject = (id: string) => ({ type: 'trade', id });
const OFFERS = '/dashboard/vault?tab=offers';
const TRADES = '/dashboard/vault?tab=trades';

/** The seller's card sold (Buy now or an accepted offer): what reached their wallet. */
export function soldNotice(
  sellerId: string,
  sale: { cardName: string; priceCents: number; feeCents: number },
): Execution {
  return noticeStatement(sellerId, {
    category: 'market',
    kind: 'listing.sold',
    title: `Your ${sale.cardName} sold for ${formatCents(sale.priceCents)}`,
    body: `${formatCents(sale.priceCents - sale.feeCents)} after the fee is in your wallet as cash.`,
    link: '/dashboard/vault?tab=selling',
  });
}

export type OfferNotice = 'received' | 'countered' | 'accepted' | 'declined' | 'expired' | 'closed';

const OFFER_WORDS: Record<OfferNotice, (card: string, amount: string) => [string, string]> = {
  received: (card, amount) => [
    `An offer of ${amount} for your ${card}`,
    'Accept, counter or decline it before it expires.',
  ],
  countered: (card, amount) => [
    `A counteroffer of ${amount} for ${card}`,
    'Accept, counter or decline it before it expires.',
  ],
  accepted: (card, amount) => [
    `Your offer of ${amount} for ${card} was accepted`,
    'The card is in your vault.',
  ],
  declined: (card, amount) => [
    `Your offer for ${card} was declined`,
    `${amount} is back in your wallet.`,
  ],
  expired: (card, amount) => [
    `Your offer for ${card} expired`,
    `${amount} is back in your wallet.`,
  ],
  closed: (card, amount) => [
    `${card} is no longer for sale`,
    `It sold or its listing ended: your offer's ${amount} is back in your wallet.`,
  ],
};

/** An offer's news: received and countered offers wait for an answer; other news ends the pin of `to` too. */
export async function noticeOffer(
  tx: Tx,
  notices: MarketNotices,
  what: OfferNotice,
  offer: { id: string; to: string; answeredBy?: string; cardName: string; amountCents: number },
) {
  const pinned = what === 'received' || what === 'countered';
  const subject = offerSubject(offer.id);
  if (!pinned) await notices.answered(tx, offer.to, subject);
  await noticeDeal(tx, notices, {
    ...offer,
    subject,
    kind: `offer.${what}`,
    words: OFFER_WORDS[what](offer.cardName, formatCents(offer.amountCents)),
    link: OFFERS,
    pinned,
  });
}

export type TradeNotice = 'proposed' | 'countered' | 'accepted' | 'declined' | 'expired';

const TRADE_WORDS: Record<TradeNotice, [string, string]> = {
  proposed: ['A trade was proposed to you', 'Accept, counter or decline it within 7 days.'],
  countered: [
    'Your trade was countered',
    'See the new terms, and accept, counter or decline them.',
  ],
  accepted: ['Your trade was accepted', 'The cards swapped and the cash moved.'],
  declined: ['Your trade was declined', 'Your cards and cash are back in your vault and wallet.'],
  expired: ['Your trade expired', 'Your cards and cash are back in your vault and wallet.'],
};

/** A trade's news: proposed and countered trades wait for an answer. */
export async function noticeTrade(
  tx: Tx,
  notices: MarketNotices,
  what: TradeNotice,
  trade: { id: string; to: string; answeredBy?: string },
) {
  await noticeDeal(tx, notices, {
    ...trade,
    subject: tradeSubject(trade.id),
    kind: `trade.${what}`,
    words: TRADE_WORDS[what],
    link: TRADES,
    pinned: what === 'proposed' || what === 'countered',
  });
}

/**
 * An offer's or a trade's news for `to`, pinned while it waits for their answer; the side that
 * just answered (`answeredBy`) no longer has it pinned.
 */
async function noticeDeal(
  tx: Tx,
  notices: MarketNotices,
  deal: {
    to: string;
    answeredBy?: string;
    subject: { type: string; id: string };
    kind: string;
    words: [string, string];
    link: string;
    pinned: boolean;
  },
) {
  if (deal.answeredBy) await notices.answered(tx, deal.answeredBy, deal.subject);
  const [title, body] = deal.words;
  await notices.notify(tx, deal.to, {
    category: 'market',
    kind: deal.kind,
    title,
    body,
    link: deal.link,
    subject: deal.subject,
    needsAnswer: deal.pinned,
  });
}
