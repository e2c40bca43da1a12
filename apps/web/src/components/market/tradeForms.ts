import { z } from 'zod';
import { TRADE_MAX_CARDS, TradeCash } from '@grail/contract';

/** Cash typed in dollars: empty is $0; otherwise the contract's rule for a trade's cash. */
export const cashText = z
  .string()
  .trim()
  .transform((s) => (s === '' ? '0' : s))
  .pipe(z.coerce.number<string>({ message: 'Enter an amount in dollars, such as 5 or 12.50.' }))
  .pipe(TradeCash);

const cards = (what: string) =>
  z.array(z.string()).max(TRADE_MAX_CARDS, `Choose at most ${TRADE_MAX_CARDS} cards ${what}.`);

/** One side's terms as typed: the cards of the caller's vault they give, and cash either way. */
export type TradeDraft = { give: string[]; giveCash: string; get: string[]; getCash: string };
export type TradeTermsOut = { give: string[]; giveCash: number; get: string[]; getCash: number };

/**
 * A proposal or a counter as typed, checked by the contract's rules (docs/marketplace.md): at most
 * 10 cards a side, at least one card asked for, and something offered (a card or some cash).
 */
export const TradeForm = z
  .object({
    give: cards('to give'),
    giveCash: cashText,
    get: cards('to ask for'),
    getCash: cashText,
  })
  .superRefine((terms, ctx) => {
    if (terms.get.length === 0)
      ctx.addIssue({ code: 'custom', message: 'Ask for at least one card.', path: ['get'] });
    if (terms.give.length === 0 && terms.giveCash === 0)
      ctx.addIssue({
        code: 'custom',
        message: 'Offer at least one card or some cash.',
        path: ['giveCash'],
      });
  });

export const emptyTradeDraft = (get: string[] = []): TradeDraft => ({
  give: [],
  giveCash: '',
  get,
  getCash: '',
});

/** "1 card", "3 cards". */
export const cardCount = (n: number) => `${n} card${n === 1 ? '' : 's'}`;
