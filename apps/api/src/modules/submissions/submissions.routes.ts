import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { submissionEndpoints as api } from '@grail/contract';
import { uploadedFile } from '../../http/multipart.js';
import { route } from '../../http/route.js';
import { MAX_IMAGE_BYTES } from '../images/images.service.js';
import type { SubmissionsService } from './submissions.service.js';

/** How often this instance expires offers past due (reads expire them too, at once). */
const SWEEP_EVERY_MS = 10 * 60_000;

export async function submissionsRoutes(
  app: FastifyInstance,
  { submissions }: { submissions: SubmissionsService },
): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0 } });

  // ---- Collector ----
  route(app, api.sellSettings, async ({ user }) => submissions.settings(user));

  route(app, api.psaLookup, async ({ user, query, request }) =>
    submissions.psaLookup(user, query.cert, request.log),
  );

  // One photo per request (multipart field "photo").
  route(app, api.uploadPhoto, async ({ user, request }) => {
    const { bytes, filename } = await uploadedFile(request, { field: 'photo', noun: 'photo' });
    return submissions.uploadPhoto(user, bytes, filename);
  });

  route(app, api.createSubmission, async ({ user, body }) => ({
    submission: await submissions.create(user, body),
  }));

  route(app, api.submissions, async ({ user }) => ({
    submissions: await submissions.list(user),
  }));

  route(app, api.paymentHistory, async ({ user }) => ({
    payments: await submissions.payments(user),
  }));

  route(app, api.submission, async ({ user, params }) => ({
    submission: await submissions.get(user, params.id),
  }));

  route(app, api.acceptOffer, async ({ user, params, body }) => ({
    submission: await submissions.accept(user, params.id, body.totpCode),
  }));

  route(app, api.declineOffer, async ({ user, params }) => ({
    submission: await submissions.decline(user, params.id),
  }));

  route(app, api.cancelSubmission, async ({ user, params }) => ({
    submission: await submissions.cancel(user, params.id),
  }));

  route(app, api.setTracking, async ({ user, params, body }) => ({
    submission: await submissions.setTracking(user, params.id, body),
  }));

  route(app, api.changePayout, async ({ user, params, body }) => ({
    submission: await submissions.changePayout(user, params.id, body.payout, body.totpCode),
  }));

  // ---- Staff ----
  route(app, api.adminSubmissions, async ({ query }) => submissions.adminList(query));

  route(app, api.adminSubmission, async ({ params }) => ({
    submission: await submissions.adminGet(params.id),
  }));

  route(app, api.adminPayoutDetails, async ({ user, params }) =>
    submissions.payoutDetails(user, params.id),
  );

  route(app, api.adminPsaRefresh, async ({ params, request }) => ({
    submission: await submissions.adminPsaRefresh(params.id, request.log),
  }));

  route(app, api.adminReview, async ({ user, params, body }) =>
    submissions.review(user, params.id, body.note),
  );

  route(app, api.adminOffer, async ({ user, params, body }) =>
    submissions.makeOffer(user, params.id, body),
  );

  route(app, api.adminReceive, async ({ user, params, body }) =>
    submissions.receive(user, params.id, body.note),
  );

  route(app, api.adminVerify, async ({ user, params, body }) =>
    submissions.verify(user, params.id, body.note),
  );

  route(app, api.adminAdjust, async ({ user, params, body }) =>
    submissions.adjust(user, params.id, body),
  );

  route(app, api.adminPay, async ({ user, params, body, idempotencyKey }) =>
    submissions.pay(user, params.id, body, idempotencyKey),
  );

  route(app, api.adminReturn, async ({ user, params, body }) =>
    submissions.returnCards(user, params.id, body),
  );

  route(app, api.adminCancel, async ({ user, params, body }) =>
    submissions.adminCancel(user, params.id, body.note),
  );

  route(app, api.adminAddToInventory, async ({ user, params, body }) =>
    submissions.addToInventory(user, params.id, params.cardId, body),
  );

  // Offers expire on time and their e-mails go out even when nobody opens the submission.
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep = setInterval(() => {
      submissions
        .sweepExpired()
        .catch((err: unknown) => app.log.warn({ err }, 'offer sweep failed'));
    }, SWEEP_EVERY_MS);
    sweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweep));
}
