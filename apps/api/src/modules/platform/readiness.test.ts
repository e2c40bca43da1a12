import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { buildTestApp, createTestDatabase, testEngine } from '../../../test/helpers.js';

// A database outage needs a database over a network: PostgreSQL only.
describe.skipIf(testEngine !== 'postgres')('readiness through a database outage', () => {
  it('answers 503 unavailable while the database is gone, then ready again', async () => {
    // A TCP proxy in front of PostgreSQL: closing it refuses every connection, as an outage would.
    const testDb = await createTestDatabase();
    const target = new URL(testDb.url!);
    const sockets = new Set<Socket>();
    let server: Server | undefined;
    let port = 0;
    const up = () =>
      new Promise<void>((resolve) => {
        server = createServer((client) => {
          const upstream = connect(Number(target.port || 5432), target.hostname);
          for (const s of [client, upstream]) {
            sockets.add(s);
            s.on('close', () => sockets.delete(s));
            s.on('error', () => s.destroy());
          }
          client.pipe(upstream).pipe(client);
        });
        server.listen(port, '127.0.0.1', () => {
          port = (server!.address() as AddressInfo).port;
          resolve();
        });
      });
    const down = () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server!.close(() => resolve());
      });
    await up();
    const viaProxy = new URL(target);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(port);
    const database = await openDatabase({ databaseUrl: viaProxy.toString(), poolSize: 4 });
    const app = await buildTestApp(database);
    await app.ready();
    try {
      const ready = async () => {
        const res = await app.inject('/api/ready');
        return { code: res.statusCode, status: res.json().status as string };
      };
      expect(await ready()).toEqual({ code: 200, status: 'ready' });
      await down();
      expect(await ready()).toEqual({ code: 503, status: 'unavailable' });
      expect((await app.inject('/api/health')).statusCode).toBe(503);
      await up();
      await expect.poll(ready, { timeout: 10_000 }).toEqual({ code: 200, status: 'ready' });
    } finally {
      await app.close();
      // The pool's end is bounded: a transaction that started as the proxy closed once kept its
      // connection for good (drizzle's lost-BEGIN leak, fixed and proved by db/client.test.ts);
      // the database is dropped with force below either way.
      await Promise.race([database.close(), new Promise((r) => setTimeout(r, 5_000))]);
      await down().catch(() => undefined);
      await testDb.drop();
    }
  });
});
