import { z } from 'zod';
import { dollarsBetween } from './money.js';

/**
 * Numbers in a query string. The URL carries text, and only plain decimal digits are read as a
 * number: '0x0a', '1e3', '+5', ' 5' or '' are refused naming the parameter, never taken for 10,
 * 1000 or 0 as Number() would. A caller building the URL may pass a number (it is sent as text).
 */
const queryText = (pattern: RegExp, message: string) =>
  z.union([z.string().regex(pattern, message), z.number()]).transform(Number);

/** A whole number from `min` to `max`. */
export const queryInteger = (min: number, max: number) =>
  queryText(/^\d+$/, 'must be a whole number written in digits').pipe(
    z
      .number()
      .int('must be a whole number')
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`),
  );

/** A dollar amount from `min` to `max`, in whole cents ('25' or '25.50'). */
export const queryDollars = (min: number, max: number) =>
  queryText(/^\d+(\.\d{1,2})?$/, 'must be an amount in dollars, such as 25 or 25.50').pipe(
    dollarsBetween(min, max),
  );

/** A number with at most 2 decimals from `min` to `max` (a grade such as 9.5). */
export const queryDecimal = (min: number, max: number) =>
  queryText(/^\d+(\.\d{1,2})?$/, 'must be a number such as 9 or 9.5').pipe(
    z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`),
  );

/** What every paged answer carries beside its items: how many match, and which page this is. */
export const PageFields = {
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
};
