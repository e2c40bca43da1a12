import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentsHash, drawIndex, verifyPulls } from './fairness';

const seedHex = createHash('sha256').update('web-fairness').digest('hex');

/** Node's crypto as the reference: the browser code must agree with the server rule. */
function referenceIndex(clientSeed: string, k: number, remaining: number) {
  const limit = Math.floor(2 ** 32 / remaining) * remaining;
  for (let round = 0; ; round++) {
    const msg = round === 0 ? `${clientSeed}:${k}` : `${clientSeed}:${k}:${round}`;
    const d = createHmac('sha256', Buffer.from(seedHex, 'hex')).update(msg).digest();
    for (let o = 0; o < 32; o += 4)
      if (d.readUInt32BE(o) < limit) return d.readUInt32BE(o) % remaining;
  }
}

describe('browser fairness check', () => {
  it('draws the same index as the server rule', async () => {
    for (const [seed, k, n] of [
      ['a', 1, 64],
      ['lucky', 7, 13],
      ['x', 99, 1],
    ] as const) {
      expect(await drawIndex(seedHex, seed, k, n)).toBe(referenceIndex(seed, k, n));
    }
  });

  it('says Verified for honest pulls and Mismatch for a tampered one', async () => {
    const contents = [1, 2, 3, 4].map((position) => ({
      position,
      cardId: `card-${position}`,
      grader: null,
      grade: null,
      certNumber: null,
      fmvCents: position * 100,
    }));
    let remaining = [1, 2, 3, 4];
    const pulls = [1, 2, 3].map((k) => {
      const index = referenceIndex('cs', k, remaining.length);
      const position = remaining[index]!;
      const pull = {
        k,
        clientSeed: 'cs',
        remainingBefore: remaining.length,
        index,
        position,
        cardId: `card-${position}`,
        pulledAt: '',
      };
      remaining = remaining.filter((p) => p !== position);
      return pull;
    });
    const honest = await verifyPulls(seedHex, contents, pulls);
    expect([...honest.values()]).toEqual(['Verified', 'Verified', 'Verified']);
    const other = contents.find(
      (c) => c.position !== pulls[1]!.position && c.position !== pulls[0]!.position,
    )!;
    const tampered = pulls.map((p) =>
      p.k === 2 ? { ...p, position: other.position, cardId: other.cardId } : p,
    );
    expect((await verifyPulls(seedHex, contents, tampered)).get(2)).toBe('Mismatch');
    expect(await contentsHash(contents)).toMatch(/^[0-9a-f]{64}$/);
  });
});
