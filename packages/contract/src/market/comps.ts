import { z } from 'zod';
import { id } from './listings.js';

/*
 * Prices collectors can trust: every sale of a card identity (sport, player, year, set, number,
 * grader, grade) from the marketplace and the store. A sale between related accounts is kept out.
 */

export const SALE_KINDS = ['market', 'offer', 'store'] as const;
export const SaleKind = z.enum(SALE_KINDS);
export type SaleKind = z.infer<typeof SaleKind>;
export const SALE_KIND_LABELS: Record<SaleKind, string> = {
  market: 'Marketplace',
  offer: 'Marketplace offer',
  store: 'Store',
};

/** How many of the latest sales the listing and vault pages show. */
export const COMPS_LAST_SALES = 10;

export const Comps = z.object({
  /** The last COMPS_LAST_SALES sales, newest first. */
  sales: z.array(z.object({ price: z.number(), kind: SaleKind, soldAt: z.iso.datetime() })),
  /** Every counted sale of the last year, oldest first, for the price-over-time chart. */
  history: z.array(z.object({ day: z.string(), price: z.number() })),
  fmv: z.object({ value: z.number(), source: z.string(), updatedAt: z.iso.datetime() }),
});
export type Comps = z.infer<typeof Comps>;

export const CompsParams = z.object({ cardId: id });
