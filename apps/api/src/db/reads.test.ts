import { describe, expect, it } from 'vitest';
import { readTogether } from './reads.js';

/** Two reads that record when each starts and ends. */
function recorded() {
  const events: string[] = [];
  const read = (name: string, value: number) => async () => {
    events.push(`${name} starts`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    events.push(`${name} ends`);
    return value;
  };
  return { events, reads: [read('a', 1), read('b', 2)] as const };
}

describe('readTogether', () => {
  it('starts every read at once on the pool, and answers them in order', async () => {
    const { events, reads } = recorded();
    expect(await readTogether(true, reads)).toEqual([1, 2]);
    expect(events.slice(0, 2)).toEqual(['a starts', 'b starts']);
  });

  it('in a transaction starts each read once the one before has ended', async () => {
    const { events, reads } = recorded();
    expect(await readTogether(false, reads)).toEqual([1, 2]);
    expect(events).toEqual(['a starts', 'a ends', 'b starts', 'b ends']);
  });
});
