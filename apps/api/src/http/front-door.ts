import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyServerFactory, RawServerDefault } from 'fastify';
import { encodedBody, type HotEncoding, type HotReads, type VisitorAnswer } from './hot-reads.js';

export interface FrontDoorParts {
  hot: HotReads;
  /** The security headers of a public read (security-headers.ts publicReadSecurityHeaders). */
  headers: Record<string, string>;
  /** Told of each answer sent from here, with its route's template (metrics). */
  onAnswered?: (route: string, status: number) => void;
}

const ENCODINGS: HotEncoding[] = ['br', 'gzip'];

/** The encoding @fastify/compress would pick for this request, with the same negotiator. */
function encodingFor(request: IncomingMessage): HotEncoding | undefined {
  const accept = request.headers['accept-encoding'];
  if (!accept || request.headers['x-no-compression'] !== undefined) return undefined;
  const chosen = negotiate(accept.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

/** The caller's own request id, when it is a plausible one (the app makes one up otherwise). */
export function callerRequestId(request: IncomingMessage): string | undefined {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : undefined;
}

/** An answer's header lines (name, value, name, value…), made once per answer and encoding. */
type HeaderLines = readonly string[];
interface Prepared {
  notModified: HeaderLines;
  bodies: Map<HotEncoding | undefined, { bytes: Buffer; lines: HeaderLines }>;
}

/**
 * The HTTP server in front of the app. A visitor's GET of a hot read whose answer is in memory
 * (http/hot-reads.ts) is answered here, with the bytes and headers the app would send, without
 * Fastify's request, hooks, router and reply; everything else goes to the app. On drop day these
 * reads are most of the traffic, and Fastify's per-request work cost more than the answer itself
 * (decision 013). An answer reaches memory only through the app, so routing, validation and the
 * handler have judged each URL once; what this door adds is only the lookup.
 */
export class FrontDoor {
  private parts: FrontDoorParts | null = null;

  /** Fastify's `serverFactory`: the server Fastify would make, with this door before its handler. */
  readonly serverFactory: FastifyServerFactory<RawServerDefault> = (handler, options) => {
    const server: Server = createServer((request, response) => {
      if (!this.answer(request, response)) handler(request, response);
    });
    // What Fastify sets on the server it makes itself (fastify/lib/server.js).
    const { keepAliveTimeout, requestTimeout, connectionTimeout, maxRequestsPerSocket } =
      options as Record<string, number | undefined>;
    if (keepAliveTimeout !== undefined) server.keepAliveTimeout = keepAliveTimeout;
    if (requestTimeout !== undefined) server.requestTimeout = requestTimeout;
    if (connectionTimeout !== undefined) server.setTimeout(connectionTimeout);
    if (maxRequestsPerSocket) server.maxRequestsPerSocket = maxRequestsPerSocket;
    return server;
  };

  open(parts: FrontDoorParts): void {
    this.parts = parts;
  }

  /** From now on every request goes to the app (which answers 503 while it closes). */
  close(): void {
    this.parts = null;
  }

  /** What each answer in memory is sent with, kept while the answer lives. */
  private readonly prepared = new WeakMap<VisitorAnswer, Prepared>();

  private answer(request: IncomingMessage, response: ServerResponse): boolean {
    const parts = this.parts;
    // A body on a GET, or anything but a GET, is the app's to judge.
    if (!parts || request.method !== 'GET' || !request.url) return false;
    if (request.headers['content-length'] || request.headers['transfer-encoding']) return false;
    // Only a visitor's answer is kept (hot-reads.ts isVisitor), under the URL it was asked by.
    const found = parts.hot.visitorAnswer(request.url, request.headers);
    if (!found) return false;
    const { answer } = found;
    parts.hot.onRead('hit');
    let prepared = this.prepared.get(answer);
    if (!prepared) {
      prepared = { notModified: this.lines(parts, answer), bodies: new Map() };
      this.prepared.set(answer, prepared);
    }
    // A request id names a log line; an answer from memory writes none, so only a caller's own
    // id is handed back, for its logs.
    const id = callerRequestId(request);
    if (answer.status === 200 && request.headers['if-none-match'] === answer.etag) {
      response.writeHead(304, withId(prepared.notModified, id));
      response.end();
      parts.onAnswered?.(found.route, 304);
      return true;
    }
    const encoding = encodingFor(request);
    let body = prepared.bodies.get(encoding);
    if (!body) {
      const encoded = encodedBody(answer, encoding);
      body = { bytes: encoded.bytes, lines: this.lines(parts, answer, encoded) };
      prepared.bodies.set(encoding, body);
    }
    response.writeHead(answer.status, withId(body.lines, id));
    response.end(body.bytes);
    parts.onAnswered?.(found.route, answer.status);
    return true;
  }

  /** The header lines of an answer: a 304's, or with its bytes in one encoding. */
  private lines(
    parts: FrontDoorParts,
    answer: VisitorAnswer,
    body?: { bytes: Buffer; encoding?: HotEncoding },
  ): HeaderLines {
    const lines = [
      ...Object.entries(parts.headers).flat(),
      'etag',
      answer.etag,
      'cache-control',
      'no-cache',
      'content-type',
      'application/json; charset=utf-8',
    ];
    if (body?.encoding) lines.push('content-encoding', body.encoding, 'vary', 'accept-encoding');
    if (body) lines.push('content-length', String(body.bytes.length));
    return lines;
  }
}

function withId(lines: HeaderLines, id: string | undefined): string[] {
  return id === undefined ? (lines as string[]) : [...lines, 'x-request-id', id];
}
