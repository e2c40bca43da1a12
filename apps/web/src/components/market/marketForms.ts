import { z } from 'zod';
import { MarketAmount, percentOfCents, type Listing } from '@grail/contract';

/** An amount typed in dollars ("25", "12.50"), checked by the contract's rule for a market amount. */
export const dollarsText = z
  .string()
  .trim()
  .min(1, 'Enter an amount in dollars, such as 25 or 12.50.')
  .pipe(z.coerce.number<string>({ message: 'Enter an amount in dollars, such as 25 or 12.50.' }))
  .pipe(MarketAmount);

/** The listing form as typed: the price, whether offers are welcome, and their optional minimum. */
export type ListingDraft = { price: string; acceptsOffers: boolean; minOffer: string };
export type ListingTerms = { price: number; acceptsOffers: boolean; minOffer: number | null };

export const ListingForm = z
  .object({
    price: dollarsText,
    acceptsOffers: z.boolean(),
    minOffer: z.union([z.literal('').transform(() => null), dollarsText]),
  })
  .refine((v) => v.minOffer === null || v.minOffer <= v.price, {
    message: 'The minimum offer must not be more than the price.',
    path: ['minOffer'],
  })
  .transform((v): ListingTerms => ({
    price: v.price,
    acceptsOffers: v.acceptsOffers,
    minOffer: v.acceptsOffers ? v.minOffer : null,
  }));

/** An existing listing's terms as the form shows them. */
export const draftOf = (listing?: Pick<Listing, 'price' | 'acceptsOffers' | 'minOffer'>) => ({
  price: listing ? listing.price.toFixed(2) : '',
  acceptsOffers: listing?.acceptsOffers ?? false,
  minOffer: listing?.minOffer != null ? listing.minOffer.toFixed(2) : '',
});

/** An amount typed alone (a counteroffer). */
export const AmountForm = z.object({ amount: dollarsText });
export type AmountDraft = { amount: string };

/** What the seller receives of `price` after the one seller fee (rounded down, as the server). */
export const proceedsOf = (price: number, feePercent: number) => {
  const cents = Math.round(price * 100);
  return (cents - percentOfCents(cents, feePercent)) / 100;
};
