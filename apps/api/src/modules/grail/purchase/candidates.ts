import { drawIndex } from '../fairness.js';
import type { RemainingPositions } from './remaining-positions.js';

/**
 * What the locked statement needs to draw pull number base + j for j = first … first +
 * indexes.length − 1, with `base` the pull number the remaining copy is at. indexes[j − first] is
 * the fairness rule's index for that k with the buyer's client seed. The card is the index-th of
 * the cards remaining at k, which are this copy's positions less those the j − 1 pulls in between
 * take; so it is one of positions[index … index + j − 1], and `slices` holds those j positions for
 * each j, one after the other. So the locked statement looks at j positions and the j − 1 pulls in
 * between instead of counting through every remaining card. A draw that comes after others in its
 * transaction (a group's, or a purchase of several packs) takes a pull number past theirs, so its
 * candidates start at `first`, past them. Nothing here is stored, and
 * each index is a draw with this buyer's own client seed, so it shows no other buyer's draw and
 * nothing of the server seed (the positions are public: the fairness page lists every pull's).
 */
export interface Candidates {
  base: number;
  first: number;
  indexes: number[];
  slices: number[];
}

export function candidatesFor(
  serverSeed: Buffer,
  clientSeed: string,
  remaining: RemainingPositions,
  count: number,
  totalItems: number,
  first = 1,
): Candidates {
  const base = remaining.k;
  const indexes: number[] = [];
  const slices: number[] = [];
  for (let j = first; j < first + count && base + j <= totalItems; j++) {
    const k = base + j;
    const index = drawIndex(serverSeed, clientSeed, k, totalItems - k + 1);
    indexes.push(index);
    for (let i = 0; i < j; i++) slices.push(remaining.positions[index + i]!);
  }
  return { base, first, indexes, slices };
}

const MIN_CANDIDATES = 4;
export const MAX_CANDIDATES = 256;

/**
 * How many pull numbers to draw for: half again the most the last 64 purchases needed, so that a
 * purchase seldom has to start again and few draws are computed for nothing.
 */
export class CandidateWindow {
  private readonly recent = new Array<number>(64).fill(MIN_CANDIDATES);
  private next = 0;
  private most = MIN_CANDIDATES;

  record(needed: number) {
    this.recent[this.next] = needed;
    this.next = (this.next + 1) % this.recent.length;
    this.most = Math.max(...this.recent);
  }

  size() {
    return Math.min(MAX_CANDIDATES, Math.max(MIN_CANDIDATES, Math.ceil(this.most * 1.5)));
  }
}
