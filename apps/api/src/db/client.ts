import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import * as schema from './schema/index.js';

/**
 * int8 (every amount of money, counts, sums cast to bigint) read as a JS number: exact up to
 * Number.MAX_SAFE_INTEGER, which the wallet's CHECK and the contract's bounds keep every amount
 * under. A value past it fails its query rather than being read rounded.
 */
export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`int8 ${text} is past a safe JS number`);
  return value;
}
// drizzle's node-postgres driver falls back to pg's global parsers for every type but dates.
pg.types.setTypeParser(pg.types.builtins.INT8, parseInt8);

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
  /** The connection pool's state (PostgreSQL; PGlite has one connection and no pool). */
  poolStats?(): { inUse: number; idle: number; waiting: number };
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
  // A client losing its server must not crash the process, idle (the pool's 'error') or checked
  // out between two statements of a transaction (its own 'error', which the pool does not hear
  // then): the statement that uses it next fails, and the pool drops it when it is released.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  db.transaction = releasingTransaction(pool);
  const listener = sharedListener(url);
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
    listen: listener.listen,
    async ping() {
      await db.execute(sql`select 1`);
    },
    poolStats: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * `db.transaction` on a pool that always gives its connection back. drizzle-orm 0.45 checks a
 * connection out and sends BEGIN before the `try` whose `finally` releases it (drizzle-orm issues
 * 6023, 6241), so a connection lost in that moment (a restart or a network cut as a worker's turn
 * starts) was never returned and `pool.end()` waited for it for ever. Here the checkout and the
 * release are ours, and drizzle runs the transaction on the one connection it is given (no pool,
 * no release of its own). pg-pool drops a released connection that can no longer be queried.
 */
function releasingTransaction(pool: pg.Pool): Db['transaction'] {
  // One drizzle handle per pooled connection: the pool reuses at most `max` of them.
  const handles = new WeakMap<pg.PoolClient, Db>();
  return async (run, config) => {
    const client = await pool.connect();
    try {
      let handle = handles.get(client);
      if (!handle) {
        handle = drizzlePg({ client, schema }) as unknown as Db;
        handles.set(client, handle);
      }
      return await handle.transaction(run, config);
    } finally {
      client.release();
    }
  };
}

type Listen = Database['listen'];
interface Subscriber {
  onMessage: (payload: string) => void;
  onLost?: () => void;
}

/**
 * Every LISTEN of this database on one connection. PostgreSQL wakes each listening connection of
 * the database on every NOTIFY, and every pack purchase sends one: with one connection per
 * listener (hot reads, sessions, flags, live events) a purchase woke four backends, each then
 * writing to this process. The connection opens with the first listener and closes with the last;
 * if it ends on its own, every listener is told (their notifications may have been missed) and
 * the next listen opens a new one.
 */
function sharedListener(url: string): { listen: Listen; close(): Promise<void> } {
  /** Per channel: its listeners, and the LISTEN statement that made the connection hear it. */
  const channels = new Map<string, { subscribers: Set<Subscriber>; listening: Promise<unknown> }>();
  let connection: Promise<pg.Client> | null = null;

  const connect = (): Promise<pg.Client> => {
    if (connection) return connection;
    const client = new pg.Client({ connectionString: url });
    const opening = client.connect().then(
      () => client,
      (err: unknown) => {
        if (connection === opening) connection = null;
        throw err;
      },
    );
    client.on('error', () => undefined);
    client.on('notification', (msg) => {
      if (msg.payload === undefined) return;
      for (const subscriber of channels.get(msg.channel)?.subscribers ?? [])
        subscriber.onMessage(msg.payload);
    });
    client.on('end', () => {
      if (connection !== opening) return;
      connection = null;
      const lost = [...channels.values()].flatMap((channel) => [...channel.subscribers]);
      channels.clear();
      for (const subscriber of lost) subscriber.onLost?.();
    });
    connection = opening;
    return opening;
  };

  // LISTEN and UNLISTEN one after another: a statement sent while another runs on the connection
  // is queued by pg 8 with a deprecation warning, and refused by pg 9.
  let statements: Promise<unknown> = Promise.resolve();
  const run = (client: pg.Client, text: string) => {
    const next = statements.catch(() => undefined).then(() => client.query(text));
    statements = next;
    return next;
  };

  const end = async (client: Promise<pg.Client>) => {
    if (connection === client) connection = null;
    await (await client).end().catch(() => undefined);
  };

  return {
    async listen(channel, onMessage, onLost) {
      const subscriber: Subscriber = { onMessage, onLost };
      const client = connect();
      const name = `"${channel.replace(/"/g, '')}"`;
      let entry = channels.get(channel);
      if (!entry) {
        entry = {
          subscribers: new Set(),
          listening: client.then((c) => run(c, `listen ${name}`)),
        };
        channels.set(channel, entry);
      }
      const { subscribers, listening } = entry;
      subscribers.add(subscriber);
      try {
        await listening;
      } catch (err) {
        subscribers.delete(subscriber);
        if (channels.get(channel) === entry) channels.delete(channel);
        throw err;
      }
      return async () => {
        if (!subscribers.delete(subscriber) || subscribers.size) return;
        if (channels.get(channel) === entry) channels.delete(channel);
        if (connection !== client) return;
        if (!channels.size) await end(client);
        else await run(await client, `unlisten ${name}`).catch(() => undefined);
      };
    },
    async close() {
      channels.clear();
      if (connection) await end(connection);
    },
  };
}

async function openPglite(dataDir?: string, image?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const parsers = { [pgliteTypes.INT8]: parseInt8 };
  const client = dataDir
    ? new PGlite(dataDir, { parsers })
    : new PGlite({ parsers, ...(image ? { loadDataDir: image } : {}) });
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
