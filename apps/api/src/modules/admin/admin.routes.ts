import type { FastifyInstance } from 'fastify';
import { grailEndpoints as api } from '@grail/contract';
import { route } from '../../http/route.js';
import type { GrailAdminService } from '../grail/grail-admin.service.js';

/** The minimal case console: load a draft, set price/tiers/activation, go live, close. */
export async function adminRoutes(
  app: FastifyInstance,
  { admin }: { admin: GrailAdminService },
): Promise<void> {
  const caseResponse = async (id: string) => ({ case: await admin.getCase(id) });

  route(app, api.adminCases, async () => ({ cases: await admin.listCases() }));

  route(app, api.adminAvailableCards, async () => ({ cards: await admin.availableCards() }));

  route(app, api.adminCreateCase, async ({ body }) => caseResponse(await admin.createCase(body)));

  route(app, api.adminCase, async ({ params }) => caseResponse(params.id));

  route(app, api.adminUpdateCase, async ({ params, body }) => ({
    case: await admin.updateCase(params.id, body),
  }));

  route(app, api.adminAddCaseCards, async ({ params, body }) => {
    await admin.addCards(params.id, body.cardIds);
    return caseResponse(params.id);
  });

  route(app, api.adminRemoveCaseCard, async ({ params }) => {
    await admin.removeCard(params.id, params.cardId);
    return caseResponse(params.id);
  });

  route(app, api.adminGoLive, async ({ params }) => {
    await admin.goLive(params.id);
    return caseResponse(params.id);
  });

  route(app, api.adminClose, async ({ params }) => {
    await admin.close(params.id);
    return caseResponse(params.id);
  });
}
