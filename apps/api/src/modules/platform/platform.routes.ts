import type { FastifyInstance } from 'fastify';
import { platformEndpoints as api } from '@grail/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { HOT_READ_ROUTE, type HotReads } from '../../http/hot-reads.js';
import { route } from '../../http/route.js';
import { analyticsMeasurementId } from '../analytics/ga4.rules.js';

/**
 * How long readiness waits for the database: a server that stopped answering (not one that
 * refuses) would otherwise hold the check until the balancer's own timeout.
 */
const READY_PING_MS = 2_000;

function answersWithin(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export async function platformRoutes(
  app: FastifyInstance,
  {
    config,
    database,
    version,
    hot,
  }: { config: Config; database: Database; version: string; hot: HotReads },
): Promise<void> {
  route(app, api.health, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    try {
      await database.ping();
    } catch {
      // Load balancers take the instance out on 503; the body still says which engine and build.
      throw new AppError(503, 'The database does not answer.', 'Service Unavailable', {
        status: 'unavailable',
        db: database.engine,
        version,
      });
    }
    return { status: 'ok' as const, db: database.engine, version };
  });

  // Readiness, for a load balancer: liveness (above) stays 200 while the instance drains.
  route(app, api.ready, async ({ reply }) => {
    reply.header('cache-control', 'no-store');
    const { phase } = app.lifecycle;
    if (phase !== 'ready') {
      throw new AppError(
        503,
        phase === 'starting' ? 'This instance is starting.' : 'This instance is shutting down.',
        'Service Unavailable',
        { status: phase },
      );
    }
    try {
      await answersWithin(database.ping(), READY_PING_MS);
    } catch {
      throw new AppError(503, 'The database does not answer.', 'Service Unavailable', {
        status: 'unavailable',
      });
    }
    return { status: 'ready' as const };
  });

  route(
    app,
    api.config,
    async ({ request, reply }) =>
      hot.send(request, reply, 'settings', 'config', async () => ({
        flags: config.flags,
        supportEmail: config.SUPPORT_EMAIL,
        xProfileHandle: config.X_USERNAME,
        appEnv: config.APP_ENV,
        paymentProvider: config.PAYMENT_PROVIDER,
        debug: config.DEBUG,
        analyticsMeasurementId: analyticsMeasurementId(config),
      })),
    HOT_READ_ROUTE,
  );
}
