import type { FastifyInstance } from 'fastify';
import { dropEndpoints as api } from '@grail/contract';
import { eventStreams } from '../../http/event-stream.js';
import { route } from '../../http/route.js';
import type { DropEvents } from './drops.events.js';
import type { DropsService } from './drops.service.js';

export async function dropRoutes(
  app: FastifyInstance,
  { drops, events }: { drops: DropsService; events: DropEvents },
): Promise<void> {
  route(app, api.dropQueue, async ({ user, params }) =>
    drops.view(params.caseId, user?.id ?? null),
  );

  route(app, api.joinDrop, async ({ user, params }) => drops.join(params.caseId, user.id));

  route(app, api.dropOrder, async ({ params }) => drops.order(params.caseId));

  // Server-sent events: the waiting room changed, from whichever instance changed it.
  const streams = eventStreams(app);
  route(app, api.dropEvents, async ({ params, request, reply }) => {
    await drops.view(params.caseId, null);
    return streams.open(request, reply, (send) =>
      events.subscribe(params.caseId, (event) => send('drop', event)),
    );
  });
  app.addHook('onClose', async () => events.close());
}
