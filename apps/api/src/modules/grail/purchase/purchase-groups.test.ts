import { describe, expect, it } from 'vitest';
import { PurchaseGroups } from './purchase-groups.js';

interface Order {
  buyer: string;
  n: number;
  packs?: number;
}

/** Groups whose runs the test ends by hand, to see what waits meanwhile. */
function groupsOf(size: number, draws = size) {
  const runs: { orders: Order[]; end: (answers: (string | null)[] | Error) => void }[] = [];
  const groups = new PurchaseGroups<Order, string>(
    (orders) =>
      new Promise((resolve, reject) => {
        runs.push({
          orders,
          end: (answers) => (answers instanceof Error ? reject(answers) : resolve(answers)),
        });
      }),
    (order) => order.buyer,
    { orders: size, draws, drawsOf: (order) => order.packs ?? 1 },
  );
  return { groups, runs };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('purchase groups', () => {
  it('runs one group at a time, taking what waits, at most the size and one per buyer', async () => {
    const { groups, runs } = groupsOf(3);
    const orders: Order[] = [
      { buyer: 'a', n: 1 },
      { buyer: 'b', n: 2 },
      { buyer: 'a', n: 3 },
      { buyer: 'c', n: 4 },
      { buyer: 'd', n: 5 },
      { buyer: 'e', n: 6 },
    ];
    const answers = orders.map((o) => groups.submit(o));
    await tick();
    // The first purchase found nothing running: it went alone.
    expect(runs.map((r) => r.orders.map((o) => o.n))).toEqual([[1]]);
    runs[0]!.end(['one']);
    await tick();
    // Then the next three buyers in order; a's second purchase is not with its first.
    expect(runs[1]!.orders.map((o) => o.n)).toEqual([2, 3, 4]);
    runs[1]!.end(['two', null, 'four']);
    await tick();
    expect(runs[2]!.orders.map((o) => o.n)).toEqual([5, 6]);
    runs[2]!.end(['five', 'six']);
    expect(await Promise.all(answers)).toEqual(['one', 'two', null, 'four', 'five', 'six']);
    expect(groups.idle()).toBe(true);
  });

  it("keeps a buyer's second purchase for a later group", async () => {
    const { groups, runs } = groupsOf(4);
    const first = groups.submit({ buyer: 'x', n: 0 });
    const later = [1, 2, 3].map((n) => groups.submit({ buyer: 'a', n }));
    await tick();
    runs[0]!.end(['x']);
    await tick();
    expect(runs[1]!.orders.map((o) => o.n)).toEqual([1]);
    runs[1]!.end(['a1']);
    await tick();
    expect(runs[2]!.orders.map((o) => o.n)).toEqual([2]);
    runs[2]!.end(['a2']);
    await tick();
    runs[3]!.end(['a3']);
    expect(await Promise.all([first, ...later])).toEqual(['x', 'a1', 'a2', 'a3']);
  });

  it('takes packs up to the most a group draws, in order, and a larger purchase alone', async () => {
    const { groups, runs } = groupsOf(16, 12);
    const first = groups.submit({ buyer: 'x', n: 0 });
    const orders: Order[] = [
      { buyer: 'a', n: 1, packs: 5 },
      { buyer: 'b', n: 2, packs: 5 },
      { buyer: 'c', n: 3, packs: 5 },
      { buyer: 'd', n: 4, packs: 1 },
      { buyer: 'e', n: 5, packs: 20 },
    ];
    const answers = orders.map((o) => groups.submit(o));
    await tick();
    runs[0]!.end(['x']);
    await tick();
    // c's five packs do not fit beside a's and b's ten: c leads the next group, before d.
    expect(runs[1]!.orders.map((o) => o.n)).toEqual([1, 2]);
    runs[1]!.end(['a', 'b']);
    await tick();
    expect(runs[2]!.orders.map((o) => o.n)).toEqual([3, 4]);
    runs[2]!.end(['c', 'd']);
    await tick();
    expect(runs[3]!.orders.map((o) => o.n)).toEqual([5]);
    runs[3]!.end(['e']);
    expect(await Promise.all([first, ...answers])).toEqual(['x', 'a', 'b', 'c', 'd', 'e']);
  });

  it('fails every purchase of a group whose run fails, and goes on with the next', async () => {
    const { groups, runs } = groupsOf(4);
    const failed = [groups.submit({ buyer: 'a', n: 1 })];
    await tick();
    const next = groups.submit({ buyer: 'b', n: 2 });
    runs[0]!.end(new Error('the database went away'));
    await expect(failed[0]).rejects.toThrow('the database went away');
    await tick();
    runs[1]!.end(['b']);
    expect(await next).toBe('b');
  });
});
