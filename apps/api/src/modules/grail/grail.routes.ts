import type { FastifyInstance } from 'fastify';
import { grailEndpoints as api } from '@grail/contract';
import { eventStreams } from '../../http/event-stream.js';
import { HOT_READ_ROUTE, type HotReads } from '../../http/hot-reads.js';
import { route } from '../../http/route.js';
import { purchaseResult, type Metrics } from '../../lib/metrics.js';
import type { GrailEvents } from './grail.events.js';
import type { GrailService } from './grail.service.js';

/** The live streams' caps, shared by every live page of the site. */
export { STREAMS_PER_CLIENT, STREAMS_PER_INSTANCE } from '../../http/event-stream.js';

export async function grailRoutes(
  app: FastifyInstance,
  {
    grail,
    events,
    hot,
    metrics,
  }: { grail: GrailService; events: GrailEvents; hot: HotReads; metrics: Metrics },
): Promise<void> {
  route(
    app,
    api.activeCase,
    async ({ request, reply }) =>
      hot.send(request, reply, 'grail', 'active-case', () => grail.activeCase()),
    HOT_READ_ROUTE,
  );

  route(
    app,
    api.recentPulls,
    async ({ query, request, reply }) =>
      hot.send(request, reply, 'grail', `recent-pulls:${query.limit}`, async () => ({
        pulls: await grail.recentPulls(query.limit),
      })),
    HOT_READ_ROUTE,
  );

  route(app, api.cases, async () => ({ cases: await grail.listCases() }));

  // Server-sent events: each new pull and the remaining count, from whichever instance sold it.
  const streams = eventStreams(app);
  route(app, api.events, async ({ request, reply }) =>
    streams.open(request, reply, (send) => events.subscribe((event) => send('pull', event))),
  );
  app.addHook('onClose', async () => events.close());

  route(app, api.caseDetail, async ({ params }) => grail.caseDetail(params.caseId));

  route(app, api.caseChecklist, async ({ params }) => grail.caseChecklist(params.caseId));

  route(app, api.fairness, async ({ params }) => grail.fairness(params.caseId));

  route(
    app,
    api.buyPack,
    async ({ user, params, body, idempotencyKey, request }) =>
      grail.buyPack(user, params.caseId, body ?? {}, idempotencyKey, request.session!.id),
    { sessionCheckedInTransaction: true },
  );
  // The session is checked as for any route: several packs take a transaction of their own.
  route(app, api.buyPacks, async ({ user, params, body, idempotencyKey, request }) =>
    grail.buyPacks(user, params.caseId, body, idempotencyKey, request.session!.id),
  );
  // Every purchase's answer, by what it says, with the time it took (docs/operations.md alerts on p99).
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.config.endpoint !== api.buyPack) return;
    const result = purchaseResult(reply.statusCode);
    metrics.packPurchases.inc({ result });
    metrics.packPurchaseDuration.observe({ result }, reply.elapsedTime / 1000);
  });
}
