import { centsToDollars, percentOfCents } from '@grail/contract';

/** The value figures of a case's remaining cards, as ActiveCaseResponse describes them. */
export interface ValueFigures {
  floorValue: number;
  expectedValue: number;
  expectedSellBackValue: number;
  medianValue: number;
  cardsAbovePrice: number;
  chanceAbovePrice: number;
}

/**
 * What the next pull is worth, from the FMVs (cents) of the cards it may be, each equally likely:
 * the figures a careful buyer compares with the pack price. Every figure is computed from the
 * FMVs alone, so anyone can recompute it from the case's checklist.
 */
export function valueFigures(
  fmvCents: number[],
  priceCents: number,
  buybackPercent: number,
): ValueFigures {
  const n = fmvCents.length;
  if (n === 0) {
    return {
      floorValue: 0,
      expectedValue: 0,
      expectedSellBackValue: 0,
      medianValue: 0,
      cardsAbovePrice: 0,
      chanceAbovePrice: 0,
    };
  }
  const sorted = [...fmvCents].sort((a, b) => a - b);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const middle = n >> 1;
  const median = n % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
  const above = sorted.filter((fmv) => fmv > priceCents).length;
  return {
    floorValue: centsToDollars(sorted[0]!),
    expectedValue: centsToDollars(Math.round(sum(sorted) / n)),
    expectedSellBackValue: centsToDollars(
      Math.round(sum(sorted.map((fmv) => percentOfCents(fmv, buybackPercent))) / n),
    ),
    medianValue: centsToDollars(median),
    cardsAbovePrice: above,
    chanceAbovePrice: Math.round((above / n) * 1000) / 10,
  };
}
