import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddCaseCardsBody,
  AdminCaseListResponse,
  AdminCaseResponse,
  AvailableCardsResponse,
  CaseCardParams,
  CaseInput,
  CaseUpdate,
  IdParams,
} from '@grail/contract';
import { requireAdmin } from '../../plugins/auth.js';
import type { GrailAdminService } from './grail-admin.service.js';

const tags = ['admin', 'grail'];

/** The minimal case console: load a draft, set price/tiers/activation, go live, close. */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: GrailAdminService }> = async (
  app,
  { admin },
) => {
  app.addHook('preValidation', requireAdmin);
  const caseResponse = async (id: string) => ({ case: await admin.getCase(id) });

  app.get(
    '/api/admin/grail-cases',
    { schema: { response: { 200: AdminCaseListResponse }, tags } },
    async () => ({ cases: await admin.listCases() }),
  );

  app.get(
    '/api/admin/grail-cases/available-cards',
    { schema: { response: { 200: AvailableCardsResponse }, tags } },
    async () => ({ cards: await admin.availableCards() }),
  );

  app.post(
    '/api/admin/grail-cases',
    { schema: { body: CaseInput, response: { 201: AdminCaseResponse }, tags } },
    async (request, reply) => {
      const id = await admin.createCase(request.body);
      return reply.status(201).send(await caseResponse(id));
    },
  );

  app.get(
    '/api/admin/grail-cases/:id',
    { schema: { params: IdParams, response: { 200: AdminCaseResponse }, tags } },
    async (request) => caseResponse(request.params.id),
  );

  app.patch(
    '/api/admin/grail-cases/:id',
    { schema: { params: IdParams, body: CaseUpdate, response: { 200: AdminCaseResponse }, tags } },
    async (request) => ({ case: await admin.updateCase(request.params.id, request.body) }),
  );

  app.post(
    '/api/admin/grail-cases/:id/cards',
    {
      schema: {
        params: IdParams,
        body: AddCaseCardsBody,
        response: { 200: AdminCaseResponse },
        tags,
      },
    },
    async (request) => {
      await admin.addCards(request.params.id, request.body.cardIds);
      return caseResponse(request.params.id);
    },
  );

  app.delete(
    '/api/admin/grail-cases/:id/cards/:cardId',
    { schema: { params: CaseCardParams, response: { 200: AdminCaseResponse }, tags } },
    async (request) => {
      await admin.removeCard(request.params.id, request.params.cardId);
      return caseResponse(request.params.id);
    },
  );

  app.post(
    '/api/admin/grail-cases/:id/go-live',
    {
      schema: {
        params: IdParams,
        body: z.unknown().optional(),
        response: { 200: AdminCaseResponse },
        tags,
      },
    },
    async (request) => {
      await admin.goLive(request.params.id);
      return caseResponse(request.params.id);
    },
  );

  app.post(
    '/api/admin/grail-cases/:id/close',
    {
      schema: {
        params: IdParams,
        body: z.unknown().optional(),
        response: { 200: AdminCaseResponse },
        tags,
      },
    },
    async (request) => {
      await admin.close(request.params.id);
      return caseResponse(request.params.id);
    },
  );
};
