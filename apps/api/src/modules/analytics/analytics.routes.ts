import type { FastifyInstance } from 'fastify';
import { analyticsEndpoints as api } from '@grail/contract';
import { route } from '../../http/route.js';
import type { AnalyticsService } from './analytics.service.js';

/** The staff dashboard's figures (ADVANCED_ANALYTICS: 404 while the flag is off). */
export async function analyticsRoutes(
  app: FastifyInstance,
  { analytics }: { analytics: AnalyticsService },
): Promise<void> {
  route(app, api.adminAnalytics, async ({ query }) => analytics.report(query));
}
