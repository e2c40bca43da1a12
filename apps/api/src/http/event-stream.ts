import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { assertRateLimited } from '../lib/endpoint-context.js';

const HEARTBEAT_MS = 25_000;
/** How soon a client whose stream a draining instance ended connects again. */
const RECONNECT_AFTER_DRAIN_MS = 500;
/** Open live streams one client address may hold (a few tabs), and one instance in all. */
export const STREAMS_PER_CLIENT = 6;
export const STREAMS_PER_INSTANCE = 2_000;

/** Writes one server-sent event. */
export type SendEvent = (event: string, data: unknown) => void;

/**
 * The streams open on one HTTP server, whichever route serves them, so the per-client and
 * per-instance caps count every live page a client has open (the Grail Machine's and breaks').
 */
interface Budget {
  open: number;
  perClient: Map<string, number>;
}
const budgets = new WeakMap<object, Budget>();

/** Live-event streams open on `server` now, every route's (a metric). */
export function openEventStreams(server: object): number {
  return budgets.get(server)?.open ?? 0;
}

/**
 * Server-sent event streams for one route module. `open` refuses a client over the caps with 429,
 * hijacks the reply, runs `start` (which subscribes and returns its unsubscribe) and, once that
 * resolves, writes `: connected` so the client knows nothing after it is missed; a heartbeat
 * keeps proxies from closing an idle stream. Closing the app ends every stream first, or they
 * would hold a graceful shutdown forever.
 */
export function eventStreams(app: FastifyInstance) {
  const streams = new Set<ServerResponse>();
  const endAll = (reconnectMs?: number) => {
    for (const res of streams) {
      // A draining instance asks its clients back soon: the load balancer sends them elsewhere.
      if (reconnectMs !== undefined && !res.writableEnded) res.write(`retry: ${reconnectMs}\n\n`);
      res.end();
    }
    streams.clear();
  };
  app.lifecycle.onDrain(() => endAll(RECONNECT_AFTER_DRAIN_MS));
  app.addHook('preClose', async () => endAll());

  return {
    async open(
      request: FastifyRequest,
      reply: FastifyReply,
      start: (send: SendEvent) => Promise<() => void>,
    ): Promise<FastifyReply> {
      assertRateLimited();
      let budget = budgets.get(request.server.server);
      if (!budget) {
        budget = { open: 0, perClient: new Map() };
        budgets.set(request.server.server, budget);
      }
      const client = request.ip;
      const held = budget.perClient.get(client) ?? 0;
      if (held >= STREAMS_PER_CLIENT || budget.open >= STREAMS_PER_INSTANCE) {
        throw new AppError(
          429,
          'Too many live connections are open. Close another tab or try again shortly.',
          'Too Many Requests',
          {},
          { 'retry-after': '30' },
        );
      }
      const b = budget;
      b.perClient.set(client, held + 1);
      b.open++;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        b.open--;
        const left = (b.perClient.get(client) ?? 1) - 1;
        if (left > 0) b.perClient.set(client, left);
        else b.perClient.delete(client);
      };
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      res.write('retry: 5000\n\n');
      streams.add(res);
      const send: SendEvent = (event, data) => {
        if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      // Registered before subscribing, so a client that leaves meanwhile still frees its slot.
      let stop: (() => void) | undefined;
      let heartbeat: NodeJS.Timeout | undefined = undefined;
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        stop?.();
        streams.delete(res);
        release();
      };
      request.raw.on('close', close);
      try {
        const unsubscribe = await start(send);
        if (closed) {
          unsubscribe();
          return reply;
        }
        stop = unsubscribe;
      } catch (err) {
        // The client's EventSource reconnects after the retry interval.
        request.log.warn({ err }, 'live events: subscribing failed');
        close();
        res.end();
        return reply;
      }
      res.write(': connected\n\n');
      heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      return reply;
    },
  };
}
