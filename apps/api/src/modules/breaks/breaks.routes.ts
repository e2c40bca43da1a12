import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { breakEndpoints as api, imageUrl } from '@grail/contract';
import { eventStreams } from '../../http/event-stream.js';
import { uploadedFile } from '../../http/multipart.js';
import { route } from '../../http/route.js';
import { IMAGE_UPLOAD_LIMITS } from '../images/images.rules.js';
import type { ImagesService } from '../images/images.service.js';
import type { BreaksAdminService } from './breaks-admin.service.js';
import type { BreakEvents, RevealItem } from './breaks.events.js';
import type { BreaksService } from './breaks.service.js';

/** How often every instance looks for breaks past their sales deadline. */
const SWEEP_EVERY_MS = 30_000;
/** How often a watcher's stream checks whether the next step of the reveal is due. */
const REVEAL_TICK_MS = 100;

/**
 * Group breaks. Registered only while BREAKS_ENABLED is on: with the flag off none of these
 * routes exists, so each answers the API's JSON 404.
 */
export async function breaksRoutes(
  app: FastifyInstance,
  deps: {
    breaks: BreaksService;
    admin: BreaksAdminService;
    events: BreakEvents;
    images: ImagesService;
  },
): Promise<void> {
  const { breaks, admin, events, images } = deps;
  await app.register(multipart, { limits: IMAGE_UPLOAD_LIMITS });

  route(app, api.breaks, async ({ query }) => ({ breaks: await breaks.pages.list(query) }));

  route(app, api.myBreaks, async ({ user }) => ({ breaks: await breaks.hits.mine(user.id) }));

  route(app, api.break, async ({ params, user }) => ({
    break: await breaks.pages.detail(params.id, user?.id ?? null),
  }));

  route(app, api.breakFairness, async ({ params }) => breaks.pages.fairness(params.id));

  // Server-sent events of one break, from whichever instance sold the spot or entered the hit.
  // The reveal runs on the break's own clock, so every watcher sees the same step at once.
  const streams = eventStreams(app);
  route(app, api.breakEvents, async ({ params, request, reply }) => {
    await breaks.pages.assertVisible(params.id);
    return streams.open(request, reply, async (send) => {
      let items: RevealItem[] = [];
      let sent = 0;
      let timer: NodeJS.Timeout | undefined;
      const tick = () => {
        const now = Date.now();
        while (sent < items.length && items[sent]!.at <= now) {
          const item = items[sent++]!;
          send(item.event, item.data);
        }
        if (sent >= items.length) clearInterval(timer);
      };
      const play = (next: RevealItem[]) => {
        clearInterval(timer);
        items = next;
        sent = 0;
        tick();
        if (sent < items.length) timer = setInterval(tick, REVEAL_TICK_MS);
      };
      const unsubscribe = await events.subscribe(params.id, (message) => {
        if (message.type === 'spots') send('spots', message.data);
        else if (message.type === 'hit') send('hit', { breakId: params.id, hit: message.data });
        else play(message.items);
      });
      // A watcher who arrives mid-reveal catches up at once, then follows the shared clock.
      const current = await breaks.live.reveal(params.id).catch(() => []);
      if (current.length > 0 && current.at(-1)!.at > Date.now()) play(current);
      return () => {
        clearInterval(timer);
        unsubscribe();
      };
    });
  });
  app.addHook('onClose', async () => events.close());

  route(app, api.buySpots, async ({ user, params, body, idempotencyKey }) =>
    breaks.spots.buy(user, params.id, body, idempotencyKey),
  );

  route(app, api.claimHits, async ({ user, params, body }) =>
    breaks.hits.claim(user, params.id, body ?? {}),
  );

  route(app, api.sellBackHit, async ({ user, params }) => breaks.hits.sellBack(user.id, params.id));

  // ---- Staff ----

  route(app, api.adminBreaks, async () => ({ breaks: await admin.list() }));

  route(app, api.adminCreateBreak, async ({ user, body }) => ({
    break: await admin.create(user, body),
  }));

  // One photo per request (multipart field "image"): the break's product picture or a hit.
  route(app, api.adminUploadBreakImage, async ({ params, request }) => {
    await admin.get(params.id);
    const { bytes, filename } = await uploadedFile(request, { field: 'image', noun: 'image' });
    const imageId = await images.store(bytes, filename);
    return { imageId, url: imageUrl(imageId) };
  });

  route(app, api.adminBreak, async ({ params }) => ({ break: await admin.get(params.id) }));

  route(app, api.adminUpdateBreak, async ({ user, params, body }) => ({
    break: await admin.update(user, params.id, body),
  }));

  route(app, api.adminOpenBreak, async ({ user, params }) => ({
    break: await admin.open(user, params.id),
  }));

  route(app, api.adminStartBreak, async ({ user, params }) => ({
    break: await admin.start(user, params.id),
  }));

  route(app, api.adminAddHit, async ({ user, params, body }) => ({
    break: await admin.addHit(user, params.id, body),
  }));

  route(app, api.adminUpdateHit, async ({ user, params, body }) => ({
    break: await admin.updateHit(user, params.id, params.hitId, body),
  }));

  route(app, api.adminCompleteBreak, async ({ user, params }) => ({
    break: await admin.complete(user, params.id),
  }));

  route(app, api.adminCancelBreak, async ({ user, params }) => admin.cancel(user, params.id));

  // A break that did not fill by its deadline is refunded even when nobody opens its page.
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep = setInterval(() => {
      breaks.refunds
        .sweepDue()
        .catch((err: unknown) => app.log.warn({ err }, 'break sweep failed'));
    }, SWEEP_EVERY_MS);
    sweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweep));
}
