import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ActiveCaseResponse,
  BuyPackBody,
  CaseDetailResponse,
  CaseIdParams,
  CaseListResponse,
  FairnessResponse,
  PullResponse,
  RecentPullsQuery,
  RecentPullsResponse,
} from '@grail/contract';
import { currentUser, requireUser } from '../../plugins/auth.js';
import type { GrailEvents } from './grail.events.js';
import type { GrailService } from './grail.service.js';

const HEARTBEAT_MS = 25_000;
const tags = ['grail'];

export const grailRoutes: FastifyPluginAsyncZod<{
  grail: GrailService;
  events: GrailEvents;
}> = async (app, { grail, events }) => {
  app.get(
    '/api/grail-cases/active',
    { schema: { response: { 200: ActiveCaseResponse }, tags } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return grail.activeCase();
    },
  );

  app.get(
    '/api/grail-cases/recent-pulls',
    { schema: { querystring: RecentPullsQuery, response: { 200: RecentPullsResponse }, tags } },
    async (request) => ({ pulls: await grail.recentPulls(request.query.limit) }),
  );

  app.get(
    '/api/grail-cases',
    { schema: { response: { 200: CaseListResponse }, tags } },
    async () => ({
      cases: await grail.listCases(),
    }),
  );

  // Server-sent events: each new pull and the remaining count, from whichever instance sold it.
  const streams = new Set<ServerResponse>();
  app.get('/api/grail-cases/events', { schema: { tags } }, async (request, reply) => {
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
      res.end();
      return;
    }
    // Sent once LISTEN is in place: from here on no pull is missed.
    res.write(': connected\n\n');
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(res);
    });
  });
  // Open streams would hold a graceful shutdown forever; end them first.
  app.addHook('preClose', async () => {
    for (const res of streams) res.end();
    streams.clear();
  });
  app.addHook('onClose', async () => events.close());

  app.get(
    '/api/grail-cases/:caseId',
    { schema: { params: CaseIdParams, response: { 200: CaseDetailResponse }, tags } },
    async (request) => grail.caseDetail(request.params.caseId),
  );

  app.get(
    '/api/grail-cases/:caseId/fairness',
    { schema: { params: CaseIdParams, response: { 200: FairnessResponse }, tags } },
    async (request) => grail.fairness(request.params.caseId),
  );

  app.post(
    '/api/grail-cases/:caseId/packs',
    {
      preValidation: requireUser,
      schema: {
        params: CaseIdParams,
        body: BuyPackBody.nullish(),
        response: { 201: PullResponse, 200: PullResponse },
        tags,
      },
    },
    async (request, reply) => {
      const result = await grail.buyPack(
        currentUser(request),
        request.params.caseId,
        request.body ?? {},
        request.headers['idempotency-key'],
      );
      return reply.status(result.statusCode as 201).send(result.body);
    },
  );
};
