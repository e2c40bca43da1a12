const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Prices and FMV always show 2 decimals: $1,234.50. */
export const formatUsd = (dollars: number) => usd.format(dollars);
