import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyServerFactory, RawServerDefault } from 'fastify';
import type { HotEncoding, HotReads } from './hot-reads.js';

export interface FrontDoorParts {
  hot: HotReads;
  /** The security headers of every API answer (security-headers.ts apiSecurityHeaders). */
  headers: Record<string, string>;
  /** The request id the app would give this request (its x-request-id answer header). */
  requestId: (request: IncomingMessage) => string;
}

const ENCODINGS: HotEncoding[] = ['br', 'gzip'];

/** The encoding @fastify/compress would pick for this request, with the same negotiator. */
function encodingFor(request: IncomingMessage): HotEncoding | undefined {
  const accept = request.headers['accept-encoding'];
  if (!accept || request.headers['x-no-compression'] !== undefined) return undefined;
  const chosen = negotiate(accept.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
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

  private answer(request: IncomingMessage, response: ServerResponse): boolean {
    const parts = this.parts;
    // A body on a GET, or anything but a GET, is the app's to judge.
    if (!parts || request.method !== 'GET' || !request.url) return false;
    if (request.headers['content-length'] || request.headers['transfer-encoding']) return false;
    // Only a visitor's answer is kept (hot-reads.ts isVisitor), under the URL it was asked by.
    const answer = parts.hot.visitorAnswer(request.url, request.headers);
    if (!answer) return false;
    const headers: OutgoingHttpHeaders = {
      ...parts.headers,
      etag: answer.etag,
      'cache-control': 'no-cache',
      'content-type': 'application/json; charset=utf-8',
      'x-request-id': parts.requestId(request),
    };
    if (answer.status === 200 && request.headers['if-none-match'] === answer.etag) {
      response.writeHead(304, headers);
      response.end();
      return true;
    }
    const { bytes, encoding } = answer.body(encodingFor(request));
    if (encoding) {
      headers['content-encoding'] = encoding;
      headers.vary = 'accept-encoding';
    }
    headers['content-length'] = bytes.length;
    response.writeHead(answer.status, headers);
    response.end(bytes);
    return true;
  }
}
