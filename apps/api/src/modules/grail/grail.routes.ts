import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { grailEndpoints as api } from '@grail/contract';
import { AppError } from '../../errors.js';
import { route } from '../../http/route.js';
import type { GrailEvents } from './grail.events.js';
import type { GrailService } from './grail.service.js';

const HEARTBEAT_MS = 25_000;
/** Open live streams one client address may hold (a few tabs), and one instance in all. */
export const STREAMS_PER_CLIENT = 6;
export const STREAMS_PER_INSTANCE = 2_000;

export async function grailRoutes(
  app: FastifyInstance,
  { grail, events }: { grail: GrailService; events: GrailEvents },
): Promise<void> {
  route(app, api.activeCase, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    return grail.activeCase();
  });

  route(app, api.recentPulls, async ({ query }) => ({
    pulls: await grail.recentPulls(query.limit),
  }));

  route(app, api.cases, async () => ({ cases: await grail.listCases() }));

  // Server-sent events: each new pull and the remaining count, from whichever instance sold it.
  const streams = new Set<ServerResponse>();
  const perClient = new Map<string, number>();
  route(app, api.events, async ({ request, reply }) => {
    const client = request.ip;
    const held = perClient.get(client) ?? 0;
    if (held >= STREAMS_PER_CLIENT || streams.size >= STREAMS_PER_INSTANCE) {
      reply.header('retry-after', '30');
      throw new AppError(
        429,
        'Too many live connections are open. Close another tab or try again shortly.',
      );
    }
    perClient.set(client, held + 1);
    const release = () => {
      const left = (perClient.get(client) ?? 1) - 1;
      if (left > 0) perClient.set(client, left);
      else perClient.delete(client);
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
    let unsubscribe: () => void;
    try {
      unsubscribe = await events.subscribe((event) => {
        res.write(`event: pull\ndata: ${JSON.stringify(event)}\n\n`);
      });
    } catch (err) {
      // The client's EventSource reconnects after the retry interval.
      request.log.warn({ err }, 'pull events: LISTEN failed');
      streams.delete(res);
      release();
      res.end();
      return reply;
    }
    // Sent once LISTEN is in place: from here on no pull is missed.
    res.write(': connected\n\n');
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(res);
      release();
    });
    return reply;
  });
  // Open streams would hold a graceful shutdown forever; end them first.
  app.addHook('preClose', async () => {
    for (const res of streams) res.end();
    streams.clear();
  });
  app.addHook('onClose', async () => events.close());

  route(app, api.caseDetail, async ({ params }) => grail.caseDetail(params.caseId));

  route(app, api.fairness, async ({ params }) => grail.fairness(params.caseId));

  route(app, api.buyPack, async ({ user, params, body, idempotencyKey }) =>
    grail.buyPack(user, params.caseId, body ?? {}, idempotencyKey),
  );
}
