import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentsHash, drawIndex, SeedVault, sha256Hex } from './fairness.js';

/** A fixed seed stream, so every run draws the same numbers and the test is repeatable. */
const seedFor = (i: number) => createHash('sha256').update(`chi-square-case-${i}`).digest();

/** Chi-square statistic of observed counts against a uniform expectation. */
function chiSquare(counts: number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}
// Critical values at p = 0.001 (a fair draw fails 1 run in 1,000; the fixed seed makes it stable).
const CRITICAL_0_001: Record<number, number> = { 5: 20.515, 7: 24.322, 9: 27.877, 11: 31.264 };

describe('the fairness rule', () => {
  it('draws uniformly over the remaining positions across many simulated cases', () => {
    const CASES = 3000;
    const SIZE = 8;
    // counts[k-1][position-1]: which position pull k landed on, over every simulated case.
    const counts = Array.from({ length: SIZE }, () => new Array<number>(SIZE).fill(0));
    const indexCounts = new Array<number>(SIZE).fill(0);
    for (let c = 0; c < CASES; c++) {
      const seed = seedFor(c);
      let remaining = Array.from({ length: SIZE }, (_, i) => i + 1);
      for (let k = 1; k <= SIZE; k++) {
        const index = drawIndex(seed, 'client-seed', k, remaining.length);
        if (k === 1) indexCounts[index]!++;
        const position = remaining[index]!;
        counts[k - 1]![position - 1]!++;
        remaining = remaining.filter((p) => p !== position);
      }
    }
    expect(chiSquare(indexCounts)).toBeLessThan(CRITICAL_0_001[7]!);
    // Every pull number, not just the first, is uniform over the case's positions.
    for (const row of counts) expect(chiSquare(row)).toBeLessThan(CRITICAL_0_001[7]!);
  });

  it('is uniform for odd remaining counts too (no modulo bias)', () => {
    const seed = seedFor(42);
    for (const n of [6, 10, 12]) {
      const counts = new Array<number>(n).fill(0);
      for (let k = 1; k <= 20_000; k++) counts[drawIndex(seed, `s${n}`, k, n)]!++;
      expect(chiSquare(counts)).toBeLessThan(CRITICAL_0_001[n - 1]!);
    }
  });

  it('is deterministic: the same seed, client seed and k always give the same index', () => {
    const seed = Buffer.alloc(32, 7);
    const first = drawIndex(seed, 'abc', 3, 97);
    expect(drawIndex(seed, 'abc', 3, 97)).toBe(first);
    expect(drawIndex(seed, 'abc', 3, 1)).toBe(0);
    expect(() => drawIndex(seed, 'abc', 3, 0)).toThrow();
  });

  it('hashes contents canonically by position, whatever order they come in', () => {
    const a = {
      position: 1,
      cardId: 'a',
      grader: 'PSA',
      grade: '10',
      certNumber: '1',
      fmvCents: 5,
    };
    const b = {
      position: 2,
      cardId: 'b',
      grader: null,
      grade: null,
      certNumber: null,
      fmvCents: 7,
    };
    expect(contentsHash([b, a])).toBe(contentsHash([a, b]));
    expect(contentsHash([a, b])).toBe(
      sha256Hex(
        JSON.stringify([
          [1, 'a', 'PSA', '10', '1', 5],
          [2, 'b', null, null, null, 7],
        ]),
      ),
    );
  });

  it('keeps the server seed encrypted: only the right APP_SECRET opens it', () => {
    const vault = new SeedVault('x'.repeat(40));
    const seed = Buffer.alloc(32, 9);
    const sealed = vault.seal(seed);
    expect(sealed).not.toContain(seed.toString('hex'));
    expect(vault.open(sealed).equals(seed)).toBe(true);
    expect(() => new SeedVault('y'.repeat(40)).open(sealed)).toThrow();
  });
});
