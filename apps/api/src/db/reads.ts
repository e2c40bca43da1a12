/**
 * Runs independent reads at once on the pool, where each takes a connection of its own, and one
 * after another in a transaction: its one connection runs a statement at a time, and pg 8 queues
 * a second one sent meanwhile with a deprecation warning (pg 9 refuses it).
 */
export async function readTogether<T extends readonly unknown[]>(
  onPool: boolean,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (onPool) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
