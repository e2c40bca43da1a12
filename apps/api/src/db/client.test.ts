import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine } from '../../test/helpers.js';
import { openDatabase } from './client.js';

/**
 * A TCP proxy to PostgreSQL that lets each connection sign in, then cuts it at its first
 * statement: the moment between a transaction's checkout and its BEGIN, when a restart or a
 * network cut meets a worker's turn.
 */
async function cutAtFirstStatement(target: URL) {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    upstream.pipe(client);
    // The startup message has no type byte; with trust sign-in, the next message is a statement.
    let startup: Buffer | null = Buffer.alloc(0);
    client.on('data', (chunk: Buffer) => {
      if (startup === null) return;
      startup = Buffer.concat([startup, chunk]);
      const length = startup.length >= 4 ? startup.readInt32BE(0) : Infinity;
      if (startup.length > length) {
        client.destroy();
        upstream.destroy();
        return;
      }
      if (startup.length === length) {
        upstream.write(startup);
        startup = null;
        client.on('data', () => {
          client.destroy();
          upstream.destroy();
        });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}

// A connection cut mid-way needs a database over a network: PostgreSQL only.
describe.runIf(testEngine === 'postgres')('the pool through a lost connection', () => {
  it('gives a connection lost before its BEGIN back to the pool, and closes', async () => {
    const testDb = await createTestDatabase();
    const proxy = await cutAtFirstStatement(new URL(testDb.url!));
    const database = await openDatabase({ databaseUrl: proxy.url, poolSize: 2 });
    try {
      for (let i = 0; i < 3; i++) {
        await expect(database.db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      }
      expect(database.poolStats?.()).toMatchObject({ inUse: 0, waiting: 0 });
      // Three lost BEGINs would have taken both connections of the pool for good.
      await expect(database.close()).resolves.toBeUndefined();
    } finally {
      await proxy.close();
      await testDb.drop();
    }
  });
});
