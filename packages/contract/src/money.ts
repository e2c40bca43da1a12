import { z } from 'zod';

/**
 * Money on the wire is dollars (a JSON number with at most 2 decimals); in the database and in
 * arithmetic it is whole cents. Every amount a client sends goes through one of these schemas.
 */

/** The most any single amount may be: $10 million (a card's FMV, a price, a tier bound). */
export const MAX_DOLLARS = 10_000_000;

export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);
export const centsToDollars = (cents: number) => Math.round(cents) / 100;

/**
 * Whole cents: the value is exactly what its cents read back as. Exact for every decimal with
 * at most 2 places that fits a double, and false for 1.234, 5e-324 or 0.1 + 0.2.
 */
export const isWholeCents = (dollars: number) =>
  Number.isFinite(dollars) && dollarsToCents(dollars) / 100 === dollars;

/** A dollar amount between `min` and `max` (inclusive), in whole cents. */
export function dollarsBetween(min: number, max: number) {
  return z
    .number()
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .refine(isWholeCents, 'must have at most 2 decimals');
}

/**
 * An amount a collector types (a top-up, a withdrawal): a number of dollars from `min` to `max`
 * in whole cents, each refusal worded in dollars.
 */
export function typedDollars(min: number, max: number) {
  const dollars = (n: number) => `$${n.toLocaleString('en-US')}`;
  return z
    .number({ message: 'must be a number of dollars' })
    .min(min, `must be at least ${dollars(min)}`)
    .max(max, `must be at most ${dollars(max)}`)
    .refine(isWholeCents, 'must have at most 2 decimals');
}

/** Zero or more, up to MAX_DOLLARS: an FMV, a tier bound. */
export const Dollars = dollarsBetween(0, MAX_DOLLARS);
/** At least one cent, up to MAX_DOLLARS: a price. */
export const PositiveDollars = dollarsBetween(0.01, MAX_DOLLARS);

/** A percentage of an amount in whole cents, rounded down: a store-credit bonus, a buyback. */
export const percentOfCents = (cents: number, percent: number) =>
  Math.floor((cents * percent) / 100);

// One formatter: toLocaleString with options builds a new one on every call.
const dollars = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
/** An amount as the server writes it in e-mails, ledger lines and notes: $1,234.50. */
export const formatCents = (cents: number) => `$${dollars.format(cents / 100)}`;
