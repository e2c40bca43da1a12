import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The provably fair primitives every game of chance here shares (docs/fairness.md,
 * docs/breaks.md). Draw k with a public input reads the byte stream
 *   HMAC-SHA256(serverSeed, `${input}:${k}`) ‖ HMAC-SHA256(serverSeed, `${input}:${k}:1`) ‖ …
 * as big-endian uint32 words and takes the first word below the largest multiple of `remaining`
 * that fits in 2^32; index = word mod remaining. Rejecting the top sliver removes modulo bias.
 * The Grail Machine's input is the buyer's client seed, k the pull number; the web pages
 * implement the same function with Web Crypto.
 */
export function drawIndex(serverSeed: Buffer, clientSeed: string, k: number, remaining: number) {
  if (!Number.isInteger(remaining) || remaining < 1) throw new Error('nothing left to draw');
  const limit = Math.floor(0x1_0000_0000 / remaining) * remaining;
  for (let round = 0; ; round++) {
    const message = round === 0 ? `${clientSeed}:${k}` : `${clientSeed}:${k}:${round}`;
    const digest = createHmac('sha256', serverSeed).update(message).digest();
    for (let offset = 0; offset < digest.length; offset += 4) {
      const word = digest.readUInt32BE(offset);
      if (word < limit) return word % remaining;
    }
  }
}

export const newServerSeed = () => randomBytes(32);
export const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** One swap of the shuffle: at step s, position i trades places with position j (j ≤ i). */
export interface ShuffleSwap {
  step: number;
  i: number;
  j: number;
}

/**
 * Fisher–Yates driven by drawIndex: for step s = 1 … n−1, i = n − s and
 * j = drawIndex(serverSeed, publicInput, s, i + 1); swap positions i and j (0-based). Every one
 * of the n! orders is equally likely because every draw is uniform.
 */
export function shuffle<T>(
  serverSeed: Buffer,
  publicInput: string,
  items: readonly T[],
): { order: T[]; swaps: ShuffleSwap[] } {
  const order = [...items];
  const swaps: ShuffleSwap[] = [];
  for (let step = 1; step < order.length; step++) {
    const i = order.length - step;
    const j = drawIndex(serverSeed, publicInput, step, i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
    swaps.push({ step, i, j });
  }
  return { order, swaps };
}
