import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClaimBody,
  IdParams,
  PullListResponse,
  PullPreferences,
  PullResponse,
  SellBackResponse,
} from '@grail/contract';
import { currentUser, requireUser } from '../../plugins/auth.js';
import type { PullsService } from './pulls.service.js';

const tags = ['pulls'];

/** A collector's own pulls; every route is owner-only (another user's pull is a 404). */
export const pullsRoutes: FastifyPluginAsyncZod<{ pulls: PullsService }> = async (
  app,
  { pulls },
) => {
  app.addHook('preValidation', requireUser);

  app.get(
    '/api/pulls',
    { schema: { response: { 200: PullListResponse }, tags } },
    async (request) => ({
      pulls: await pulls.list(currentUser(request).id),
    }),
  );

  app.get(
    '/api/pulls/preferences',
    { schema: { response: { 200: PullPreferences }, tags } },
    async (request) => pulls.preferences(currentUser(request).id),
  );

  app.put(
    '/api/pulls/preferences',
    { schema: { body: PullPreferences, response: { 200: PullPreferences }, tags } },
    async (request) => pulls.setPreferences(currentUser(request).id, request.body),
  );

  app.get(
    '/api/pulls/:id',
    { schema: { params: IdParams, response: { 200: PullResponse }, tags } },
    async (request) => ({ pull: await pulls.get(currentUser(request).id, request.params.id) }),
  );

  app.post(
    '/api/pulls/:id/claim',
    {
      schema: {
        params: IdParams,
        body: ClaimBody.nullish(),
        response: { 200: PullResponse },
        tags,
      },
    },
    async (request) => ({
      pull: await pulls.claim(currentUser(request), request.params.id, request.body ?? {}),
    }),
  );

  app.post(
    '/api/pulls/:id/sell-back',
    { schema: { params: IdParams, response: { 200: SellBackResponse }, tags } },
    async (request) => pulls.sellBack(currentUser(request).id, request.params.id),
  );
};
