import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEAM_PRESETS } from '@grail/contract';
import { drawTeams, publicInputOf, unownedHitSpot } from './fairness.js';

/** A fixed seed stream, so every run draws the same teams and the test is repeatable. */
const seedFor = (i: number) => createHash('sha256').update(`chi-square-break-${i}`).digest();

function chiSquare(counts: number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}
/** The chi-square value a fair draw exceeds 1 time in 1,000 (Wilson–Hilferty). */
function critical001(df: number): number {
  const z = 3.0902;
  return df * (1 - 2 / (9 * df) + z * Math.sqrt(2 / (9 * df))) ** 3;
}

/** The shuffle written out again from docs/breaks.md, without the server's code. */
function recompute(seedHex: string, publicInput: string, teams: string[]): string[] {
  const seed = Buffer.from(seedHex, 'hex');
  const draw = (step: number, remaining: number) => {
    const limit = Math.floor(2 ** 32 / remaining) * remaining;
    for (let round = 0; ; round++) {
      const message = round === 0 ? `${publicInput}:${step}` : `${publicInput}:${step}:${round}`;
      const bytes = createHmac('sha256', seed).update(message).digest();
      for (let i = 0; i < bytes.length; i += 4) {
        const w = bytes.readUInt32BE(i);
        if (w < limit) return w % remaining;
      }
    }
  };
  const order = [...teams];
  for (let step = 1; step < order.length; step++) {
    const i = order.length - step;
    const j = draw(step, i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

describe('the break fairness rule', () => {
  it('draws a permutation of the team list, recomputable from the revealed seed', () => {
    const teams: string[] = [...TEAM_PRESETS.NFL];
    const seed = seedFor(0);
    const input = publicInputOf(['alpha', 'beta', 'gamma']);
    const { order, swaps } = drawTeams(seed, input, teams);
    expect([...order].sort()).toEqual([...teams].sort());
    expect(swaps).toHaveLength(teams.length - 1);
    expect(swaps.every((s, n) => s.step === n + 1 && s.j >= 0 && s.j <= s.i)).toBe(true);
    expect(order).toEqual(recompute(seed.toString('hex'), input, teams));
    // Another public input (one more buyer, another client seed) gives another order.
    expect(drawTeams(seed, publicInputOf(['alpha', 'beta', 'delta']), teams).order).not.toEqual(
      order,
    );
  });

  it('puts each team on each spot uniformly over many simulated breaks (chi-square)', () => {
    const teams: string[] = [...TEAM_PRESETS.MLB];
    const n = teams.length;
    const BREAKS = 6000;
    // counts[team][spot]: how often team t was drawn onto spot s.
    const counts = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    for (let b = 0; b < BREAKS; b++) {
      const { order } = drawTeams(seedFor(b), publicInputOf([`buyer-${b}`, 'x', 'y']), teams);
      order.forEach((team, spot) => counts[teams.indexOf(team)]![spot]!++);
    }
    for (const row of counts) expect(chiSquare(row)).toBeLessThan(critical001(n - 1));
    // Each spot, too, receives every team equally often.
    for (let spot = 0; spot < n; spot++) {
      expect(chiSquare(counts.map((row) => row[spot]!))).toBeLessThan(critical001(n - 1));
    }
    // And the whole table at once.
    const all = counts.flat();
    const expected = BREAKS / n;
    const stat = all.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(stat).toBeLessThan(critical001((n - 1) * (n - 1)));
  });

  it('draws the spot of an unowned hit uniformly over the sold spots', () => {
    const sold = [2, 3, 5, 7, 11];
    const counts = new Map(sold.map((s) => [s, 0]));
    for (let h = 1; h <= 5000; h++) {
      const spot = unownedHitSpot(seedFor(1), 'public-input', h, sold);
      counts.set(spot, counts.get(spot)! + 1);
    }
    expect(chiSquare([...counts.values()])).toBeLessThan(critical001(sold.length - 1));
  });
});
