import { formatUsd } from '@/lib/format';

/** A gain or loss with its sign, so it never rests on colour alone: "+$12.00", "-$3.50", "$0.00". */
export const formatGain = (dollars: number) => `${dollars > 0 ? '+' : ''}${formatUsd(dollars)}`;

/** Dollars summed through cents, so 0.1 + 0.2 stays 0.30. */
export const sumDollars = (values: number[]) =>
  values.reduce((sum, v) => sum + Math.round(v * 100), 0) / 100;
