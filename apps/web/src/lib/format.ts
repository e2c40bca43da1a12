/**
 * Formats are made on first use, never while a module loads: a page's first Intl formatter loads
 * ICU's locale data, and a date format its pattern generator, about 80 ms on this project's test
 * machine (measured in CPU profiles of the home page's start), which at module load sat on the
 * path to the first paint.
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const usd = onFirstUse(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);

/** Prices and FMV always show 2 decimals: $1,234.50. */
export const formatUsd = (dollars: number) => usd().format(dollars);

const compactUsdFormat = onFirstUse(
  () =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      notation: 'compact',
      maximumFractionDigits: 1,
    }),
);

/** A chart's axis tick, short enough for the axis: $1.2k rather than $1,234.00. */
export const compactUsd = (dollars: number) => compactUsdFormat().format(dollars);

/** An en-US date format, made when it first formats a date. */
export function dateFormat(options: Intl.DateTimeFormatOptions): { format(date: Date): string } {
  const format = onFirstUse(() => new Intl.DateTimeFormat('en-US', options));
  return { format: (date) => format().format(date) };
}

/** A date and time as the site shows them: Nov 21, 2026, 7:04 PM. */
export const dateTimeFormat = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });

const relative = onFirstUse(() => new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }));
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How far a moment is from `now`: "in 23 hours", "tomorrow", "in 5 minutes". */
export function formatRelative(date: Date, now = Date.now()): string {
  const ms = date.getTime() - now;
  const size = Math.abs(ms);
  if (size < HOUR) return relative().format(Math.round(ms / MINUTE), 'minute');
  if (size < 2 * DAY) return relative().format(Math.round(ms / HOUR), 'hour');
  return relative().format(Math.round(ms / DAY), 'day');
}

/** A moment as the collector reads it: their own time zone and how far off it is. */
export const formatMoment = (iso: string, now = Date.now()) => {
  const date = new Date(iso);
  return `${dateTimeFormat.format(date)} (${formatRelative(date, now)})`;
};

/** A shipping fee (cents, from the schedule) as a price: "Free", or dollars. */
export const formatShippingFee = (cents: number) => (cents === 0 ? 'Free' : formatUsd(cents / 100));
