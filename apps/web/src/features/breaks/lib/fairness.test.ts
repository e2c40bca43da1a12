import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BreakFairnessResponse } from '@grail/contract';
import { verifyBreak } from './fairness';

const seed = createHash('sha256').update('web-break-fairness').digest();
const seedHex = seed.toString('hex');

/** Node's crypto as the reference for the rule in docs/breaks.md. */
function referenceShuffle(publicInput: string, teams: string[]) {
  const order = [...teams];
  for (let step = 1; step < order.length; step++) {
    const i = order.length - step;
    const remaining = i + 1;
    const limit = Math.floor(2 ** 32 / remaining) * remaining;
    let j = -1;
    for (let round = 0; j < 0; round++) {
      const msg = round === 0 ? `${publicInput}:${step}` : `${publicInput}:${step}:${round}`;
      const d = createHmac('sha256', seed).update(msg).digest();
      for (let o = 0; o < 32 && j < 0; o += 4)
        if (d.readUInt32BE(o) < limit) j = d.readUInt32BE(o) % remaining;
    }
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

const teams = ['Cubs', 'Mets', 'Rays', 'Reds', 'Twins', 'Padres'];
const purchases = [
  { k: 2, spotNumber: 2, clientSeed: 'bee' },
  { k: 1, spotNumber: 1, clientSeed: 'ant' },
  { k: 3, spotNumber: 3, clientSeed: 'cat' },
];
const publicInput = 'ant,bee,cat';
const honest = (): BreakFairnessResponse => ({
  breakId: 'b1',
  title: 'Test break',
  status: 'live',
  format: 'random_team',
  teams,
  serverSeedHash: createHash('sha256').update(seed).digest('hex'),
  serverSeed: seedHex,
  purchases,
  publicInput,
  assignments: referenceShuffle(publicInput, teams).map((team, i) => ({
    spotNumber: i + 1,
    team,
  })),
});

describe('the break fairness check in the browser', () => {
  it('says Verified for an honest draw', async () => {
    const check = await verifyBreak(honest());
    expect(check).toMatchObject({ seed: 'Verified', input: 'Verified', assignments: 'Verified' });
    expect(check!.order).toEqual(referenceShuffle(publicInput, teams));
  });

  it('says Mismatch when a team, the input or the seed hash was changed', async () => {
    const swapped = honest();
    const [a, b] = swapped.assignments;
    swapped.assignments[0] = { ...a!, team: b!.team };
    swapped.assignments[1] = { ...b!, team: a!.team };
    expect((await verifyBreak(swapped))!.assignments).toBe('Mismatch');
    expect((await verifyBreak({ ...honest(), publicInput: 'ant,cat,bee' }))!.input).toBe(
      'Mismatch',
    );
    expect((await verifyBreak({ ...honest(), serverSeedHash: '0'.repeat(64) }))!.seed).toBe(
      'Mismatch',
    );
  });

  it('waits for the seed', async () => {
    expect(await verifyBreak({ ...honest(), serverSeed: null })).toBeNull();
  });
});
