import type { BreakFairnessResponse } from '@grail/contract';
import { hexToBytes, sha256Hex, shuffle } from '@/lib/fairness';

export type Verdict = 'Verified' | 'Mismatch';

export interface BreakCheck {
  /** SHA-256 of the revealed seed is the hash published when sales opened. */
  seed: Verdict;
  /** The public input is the sold spots' client seeds in purchase order, joined with ','. */
  input: Verdict;
  /** Random team: the shuffle of the team list gives every spot its recorded team. */
  assignments: Verdict | null;
  /** The recomputed team of each spot (random team). */
  order: string[];
}

/**
 * Recomputes a break's draw in this browser from its fairness record (docs/breaks.md): the seed
 * against its hash, the public input from the purchases, then the Fisher–Yates shuffle of the
 * team list against every spot's team. Null until the seed is revealed.
 */
export async function verifyBreak(f: BreakFairnessResponse): Promise<BreakCheck | null> {
  if (!f.serverSeed || f.publicInput === null) return null;
  const seed =
    (await sha256Hex(hexToBytes(f.serverSeed))) === f.serverSeedHash ? 'Verified' : 'Mismatch';
  const expected = [...f.purchases]
    .sort((a, b) => a.k - b.k)
    .map((p) => p.clientSeed)
    .join(',');
  const input = expected === f.publicInput ? 'Verified' : 'Mismatch';
  if (f.format !== 'random_team') return { seed, input, assignments: null, order: [] };
  const { order } = await shuffle(f.serverSeed, f.publicInput, f.teams);
  const recorded = [...f.assignments].sort((a, b) => a.spotNumber - b.spotNumber);
  const assignments =
    recorded.length === order.length &&
    recorded.every((a, i) => a.spotNumber === i + 1 && a.team === order[i])
      ? 'Verified'
      : 'Mismatch';
  return { seed, input, assignments, order };
}
