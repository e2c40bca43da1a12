import type { grailCases } from '../../../db/schema/index.js';

type CaseRow = typeof grailCases.$inferSelect;

/**
 * This process's copy of one live case's remaining cards: the positions not yet pulled after pull
 * number `k`, ascending. Each purchase brings it up to date from the pulls table in the same
 * snapshot as it reads the case's count, so it is always the exact state after some committed
 * pull; concurrent purchases in this process share it, and pulls sold by other processes reach
 * it the same way.
 */
export class RemainingPositions {
  /** Pulls applied; -1 until loaded. */
  k = -1;
  positions: number[] = [];
  /** The case's fixed facts, once a purchase or learnCase has seen it open. */
  live: LiveCase | null = null;

  /**
   * Applies what the purchase's first statement read (seePack): every unpulled position when
   * `from` is -1, else the positions pulled after pull `from`, in pull order, up to pull `count`.
   * False when it does not fit (then this copy must be dropped and loaded again).
   */
  apply(from: number, count: number, read: number[]): boolean {
    if (from < 0) {
      if (this.k >= 0 && this.k >= count) return true;
      this.k = count;
      this.positions = read;
      return true;
    }
    if (read.length !== count - from) return false;
    for (let k = Math.max(from, this.k) + 1; k <= count; k++) {
      const position = read[k - from - 1]!;
      const at = lowerBound(this.positions, position);
      if (this.positions[at] !== position) return false;
      this.positions.splice(at, 1);
      this.k = k;
    }
    return true;
  }
}

function lowerBound(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * What a purchase's one-round-trip attempt knows of a live case without reading it: the facts a
 * committed case cannot change (the database refuses; its name is checked anyway, as the receipt
 * keeps it), and its sealed seed opened.
 */
export interface LiveCase {
  name: string;
  priceCents: number;
  totalItems: number;
  tiers: CaseRow['tiers'];
  serverSeed: Buffer;
}
