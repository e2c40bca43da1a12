import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE_NAME } from '@grail/contract';
import type { Database } from '../db/client.js';
import { AppError } from '../errors.js';
import { GRAIL_EVENTS_CHANNEL } from '../modules/grail/grail.events.js';
import {
  addHotListener,
  announcedOpen,
  heardBack,
  HOT_READS_CHANNEL,
  HOT_READS_TTL_MS,
  isHotTopic,
  removeHotListener,
  type HotTopic,
} from '../lib/hot-changes.js';

// Writers (modules) import these from lib/hot-changes.ts; they stay here for the modules not yet moved.

/**
 * Route options of a hot read: no access line per request (two JSON lines, redacted, cost more CPU
 * than the answer from memory on drop day); warnings and errors are still logged. The load
 * balancer's access log counts these reads (decision 012). It carries the public-read security
 * headers (decision 016).
 */
export const HOT_READ_ROUTE = { logLevel: 'warn', publicRead: true } as const;
/** Distinct answers kept per instance; a query such as a store search must not grow memory. */
const MAX_ENTRIES = 500;

interface Entry {
  status: number;
  bytes: Buffer;
  etag: string;
  expiresAt: number;
  /** The bytes compressed, made on the first request that accepts each encoding. */
  encoded?: Partial<Record<HotEncoding, Buffer>>;
}

/** The encodings an answer is compressed in, as @fastify/compress does for the other routes. */
export type HotEncoding = 'br' | 'gzip';
/** Smaller answers are sent as they are (@fastify/compress's threshold in app.ts). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * An answer a visitor's request may be given without reaching the router: the same object for
 * every request until the answer changes, so what is made from it can be kept beside it.
 */
export interface VisitorAnswer {
  readonly status: number;
  readonly etag: string;
  readonly bytes: Buffer;
}

/** The answer's bytes in `encoding`, compressed on first use; small answers are sent as they are. */
export function encodedBody(
  answer: VisitorAnswer,
  encoding: HotEncoding | undefined,
): { bytes: Buffer; encoding?: HotEncoding } {
  const entry = answer as Entry;
  if (!encoding || entry.bytes.length < COMPRESS_THRESHOLD) return { bytes: entry.bytes };
  entry.encoded ??= {};
  entry.encoded[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(entry.bytes, {
          params: {
            [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
            [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
          },
        })
      : gzipSync(entry.bytes);
  return { bytes: entry.encoded[encoding], encoding };
}

const SESSION_COOKIES = new Set([SESSION_COOKIE_NAME, `__Host-${SESSION_COOKIE_NAME}`]);

/**
 * A request with no credential (no Authorization header, no session cookie): every hot read
 * answers it the same, so the answer one visitor got is every visitor's. Anything that might be a
 * credential counts as one, and such a request goes the whole way through the app.
 */
export function isVisitor(headers: IncomingHttpHeaders): boolean {
  if (headers.authorization !== undefined) return false;
  const cookie = headers.cookie;
  if (!cookie) return true;
  for (const pair of cookie.split(';')) {
    const eq = pair.indexOf('=');
    if (SESSION_COOKIES.has((eq < 0 ? pair : pair.slice(0, eq)).trim())) return false;
  }
  return true;
}

/**
 * The public reads of a drop, kept in memory per instance as the JSON bytes sent, with an ETag.
 * Visitors all get the same answer until something changes, so it is read from the database once
 * per change (concurrent misses share one read) rather than once per request.
 */
export class HotReads {
  private readonly entries = new Map<string, Entry & { topic: HotTopic }>();
  /** Request URLs visitors read, with the key of their answer (the front door's index). */
  private readonly visitorKeys = new Map<string, { key: string; route: string }>();
  private readonly loading = new Map<string, { generation: number; reading: Promise<Entry> }>();
  /** Bumped by every change of a topic: a read that started before it is not kept. */
  private readonly generation: Record<HotTopic, number> = { grail: 0, catalog: 0, settings: 0 };
  private listening: Promise<Array<() => Promise<void>>> | null = null;
  private ready = false;

  constructor(
    private readonly database: Database,
    private readonly ttlMs = HOT_READS_TTL_MS,
    /** Told of each read: answered from memory, or read from the database (metrics). */
    readonly onRead: (result: 'hit' | 'miss') => void = () => undefined,
  ) {}

  invalidate(topic: HotTopic): void {
    this.generation[topic]++;
    for (const [key, entry] of this.entries) if (entry.topic === topic) this.entries.delete(key);
  }

  /** Answers from memory (304 when the caller holds the same ETag), reading through `load` on a miss. */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    topic: HotTopic,
    key: string,
    load: () => Promise<unknown>,
  ): Promise<FastifyReply> {
    const entry = await this.entry(topic, key, async () => {
      try {
        const json = reply.serialize(await load());
        return {
          status: 200,
          bytes: typeof json === 'string' ? Buffer.from(json) : Buffer.from(json as ArrayBuffer),
        };
      } catch (err) {
        // "Nothing here" is as shareable as an answer (no live case, an unknown card).
        if (err instanceof AppError && err.statusCode === 404 && !Object.keys(err.headers).length)
          return {
            status: 404,
            bytes: Buffer.from(
              JSON.stringify({ message: err.message, error: err.error, ...err.extra }),
            ),
          };
        throw err;
      }
    });
    if (request.method === 'GET' && isVisitor(request.headers)) {
      if (this.visitorKeys.size >= MAX_ENTRIES && !this.visitorKeys.has(request.url))
        this.visitorKeys.delete(this.visitorKeys.keys().next().value!);
      this.visitorKeys.set(request.url, { key, route: request.routeOptions.url ?? request.url });
    }
    void reply
      .header('etag', entry.etag)
      .header('cache-control', 'no-cache')
      .header('content-type', 'application/json; charset=utf-8');
    if (entry.status === 200 && request.headers['if-none-match'] === entry.etag)
      return reply.status(304).send();
    return reply.status(entry.status).send(entry.bytes);
  }

  /**
   * The answer a visitor's GET of `url` (with these headers) gets, while it is in memory and this instance hears every
   * change: the URL was answered through the app before (routing, validation and the handler
   * made the answer and its key), and that answer is still current. With it, the template of the
   * route that made it (a metrics label).
   */
  visitorAnswer(
    url: string,
    headers: IncomingHttpHeaders,
  ): { answer: VisitorAnswer; route: string } | undefined {
    if (!this.ready || !isVisitor(headers)) return undefined;
    const known = this.visitorKeys.get(url);
    const entry = known === undefined ? undefined : this.entries.get(known.key);
    if (!entry || entry.expiresAt <= Date.now()) return undefined;
    return { answer: entry, route: known!.route };
  }

  private async entry(
    topic: HotTopic,
    key: string,
    load: () => Promise<{ status: number; bytes: Buffer }>,
  ): Promise<Entry> {
    this.listen();
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) {
      this.onRead('hit');
      return cached;
    }
    this.onRead('miss');
    const generation = this.generation[topic];
    // A read already under way is shared unless a change came after it started.
    const pending = this.loading.get(key);
    if (pending?.generation === generation) return pending.reading;
    // Kept only when every change reaches this instance (LISTEN in place) and none is in flight.
    const keep = this.ready && !announcedOpen(topic, now);
    const reading = load().then(({ status, bytes }) => {
      const entry: Entry = {
        status,
        bytes,
        etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`,
        expiresAt: now + this.ttlMs,
      };
      if (keep && this.generation[topic] === generation) {
        if (this.entries.size >= MAX_ENTRIES)
          this.entries.delete(this.entries.keys().next().value!);
        this.entries.set(key, { ...entry, topic });
      }
      return entry;
    });
    this.loading.set(key, { generation, reading });
    try {
      return await reading;
    } finally {
      if (this.loading.get(key)?.reading === reading) this.loading.delete(key);
    }
  }

  /**
   * LISTENs for writers' notifications and for pack purchases (which already NOTIFY each pull
   * on their own channel, so the locked purchase statement carries nothing more).
   */
  private listen(): void {
    if (this.listening) return;
    addHotListener(this);
    this.listening = Promise.all([
      this.database.listen(HOT_READS_CHANNEL, (payload) => this.receive(payload)),
      this.database.listen(GRAIL_EVENTS_CHANNEL, () => {
        this.invalidate('grail');
        this.invalidate('catalog');
      }),
    ]);
    this.listening.then(
      () => {
        this.ready = true;
      },
      () => {
        // Without notifications nothing is kept; the next read tries to LISTEN again.
        this.listening = null;
      },
    );
  }

  private receive(payload: string): void {
    let change: { topics?: unknown; token?: unknown };
    try {
      change = JSON.parse(payload) as typeof change;
    } catch {
      return;
    }
    if (typeof change.token === 'string') heardBack(change.token);
    if (!Array.isArray(change.topics)) return;
    for (const topic of change.topics) if (isHotTopic(topic)) this.invalidate(topic);
  }

  async close(): Promise<void> {
    removeHotListener(this);
    this.ready = false;
    const unlisten = await this.listening?.catch(() => []);
    this.listening = null;
    this.entries.clear();
    this.visitorKeys.clear();
    await Promise.all((unlisten ?? []).map((u) => u()));
  }
}
