import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services take `Db | Tx` so one command can span several of them. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Runs `fn` while holding a PostgreSQL advisory lock (PGlite is single-process: no lock needed). */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /**
   * LISTEN on a channel; returns an unsubscribe function. `onLost` is told when the listening
   * connection ends without being unsubscribed (notifications may then have been missed).
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onLost?: () => void,
  ): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** An in-memory PGlite starts from this copy of a data directory (PGlite's dumpDataDir). */
  pgliteImage?: Blob;
  poolSize?: number;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 20);
  return openPglite(opts.dataDir, opts.pgliteImage);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    async withAdvisoryLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    async listen(channel, onMessage, onLost) {
      const client = new pg.Client({ connectionString: url });
      let unsubscribed = false;
      await client.connect();
      client.on('notification', (msg) => {
        if (msg.channel === channel && msg.payload !== undefined) onMessage(msg.payload);
      });
      client.on('error', () => undefined);
      client.on('end', () => {
        if (!unsubscribed) onLost?.();
      });
      await client.query(`listen "${channel.replace(/"/g, '')}"`);
      return async () => {
        unsubscribed = true;
        await client.end().catch(() => undefined);
      };
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(dataDir?: string, image?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir
    ? new PGlite(dataDir)
    : new PGlite(image ? { loadDataDir: image } : undefined);
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    engine: 'pglite',
    withAdvisoryLock: (_key, fn) => fn(),
    async listen(channel, onMessage) {
      return client.listen(channel, onMessage).then((unsub) => async () => {
        if (!closed) await unsub();
      });
    },
    async ping() {
      if (closed) throw new Error('database closed');
      await db.execute(sql`select 1`);
    },
    async close() {
      closed = true;
      await client.close();
    },
  };
}
