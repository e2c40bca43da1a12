import { drawIndex, shuffle, type ShuffleSwap } from '../../lib/provably-fair.js';
import { SealedBox } from '../../lib/sealed-box.js';

/**
 * The fairness rule of a break (docs/breaks.md), on the Grail Machine's primitives:
 * - when sales open, a 32-byte server seed is drawn and SHA-256 of it published;
 * - when the break runs, the public input is the client seeds of the sold spots in purchase
 *   order (k = 1, 2, …) joined with ',';
 * - the team list, in its published order, is shuffled by Fisher–Yates with
 *   j = drawIndex(seed, publicInput, step, i + 1) (lib/provably-fair.ts), and spot s gets the
 *   team at position s − 1 of the result;
 * - a hit of a team on no spot, under the 'random_spot' rule, goes to the sold spot at index
 *   drawIndex(seed, publicInput + ':hit', hitNumber, sold spots) in spot order.
 */
export const publicInputOf = (clientSeedsInPurchaseOrder: readonly string[]) =>
  clientSeedsInPurchaseOrder.join(',');

export function drawTeams(
  serverSeed: Buffer,
  publicInput: string,
  teams: readonly string[],
): { order: string[]; swaps: ShuffleSwap[] } {
  return shuffle(serverSeed, publicInput, teams);
}

/** The sold spot (by number) an unowned team's hit goes to under the 'random_spot' rule. */
export function unownedHitSpot(
  serverSeed: Buffer,
  publicInput: string,
  hitNumber: number,
  soldSpotsInOrder: readonly number[],
): number {
  return soldSpotsInOrder[
    drawIndex(serverSeed, `${publicInput}:hit`, hitNumber, soldSpotsInOrder.length)
  ]!;
}

/** Break server seeds at rest, sealed with their own key (a purpose apart from the Grail's). */
export class BreakSeedVault extends SealedBox {
  constructor(appSecret: string) {
    super(appSecret, { salt: 'grail-machine', info: 'break-server-seed-v1' });
  }
}
