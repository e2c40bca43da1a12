import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { submissionEndpoints as api } from '@grail/contract';
import { uploadedFile } from '../../http/multipart.js';
import { route } from '../../http/route.js';
import { IMAGE_UPLOAD_LIMITS } from '../images/images.rules.js';
import type { SubmissionsService } from './submissions.service.js';

/** How often this instance expires offers past due (reads expire them too, at once). */
const SWEEP_EVERY_MS = 10 * 60_000;

export async function submissionsRoutes(
  app: FastifyInstance,
  { submissions }: { submissions: SubmissionsService },
): Promise<void> {
  const { collector, staff, payouts } = submissions;
  await app.register(multipart, { limits: IMAGE_UPLOAD_LIMITS });

  // ---- Collector ----
  route(app, api.sellSettings, async ({ user }) => collector.settings(user));

  route(app, api.psaLookup, async ({ user, query, request }) =>
    collector.psaLookup(user, query.cert, request.log),
  );

  // One photo per request (multipart field "photo").
  route(app, api.uploadPhoto, async ({ user, request }) => {
    const { bytes, filename } = await uploadedFile(request, { field: 'photo', noun: 'photo' });
    return collector.uploadPhoto(user, bytes, filename);
  });

  route(app, api.createSubmission, async ({ user, body }) => ({
    submission: await collector.create(user, body),
  }));

  route(app, api.submissions, async ({ user }) => ({
    submissions: await collector.list(user),
  }));

  route(app, api.paymentHistory, async ({ user }) => ({
    payments: await collector.payments(user),
  }));

  route(app, api.submission, async ({ user, params }) => ({
    submission: await collector.get(user, params.id),
  }));

  route(app, api.acceptOffer, async ({ user, params, body }) => ({
    submission: await collector.accept(user, params.id, body.totpCode),
  }));

  route(app, api.declineOffer, async ({ user, params }) => ({
    submission: await collector.decline(user, params.id),
  }));

  route(app, api.cancelSubmission, async ({ user, params }) => ({
    submission: await collector.cancel(user, params.id),
  }));

  route(app, api.setTracking, async ({ user, params, body }) => ({
    submission: await collector.setTracking(user, params.id, body),
  }));

  route(app, api.changePayout, async ({ user, params, body }) => ({
    submission: await collector.changePayout(user, params.id, body.payout, body.totpCode),
  }));

  // ---- Staff ----
  route(app, api.adminSubmissions, async ({ query }) => staff.list(query));

  route(app, api.adminSubmission, async ({ params }) => ({
    submission: await staff.get(params.id),
  }));

  route(app, api.adminPayoutDetails, async ({ user, params }) =>
    payouts.payoutDetails(user, params.id),
  );

  route(app, api.adminPsaRefresh, async ({ params, request }) => ({
    submission: await staff.psaRefresh(params.id, request.log),
  }));

  route(app, api.adminReview, async ({ user, params, body }) =>
    staff.review(user, params.id, body.note),
  );

  route(app, api.adminOffer, async ({ user, params, body }) =>
    staff.makeOffer(user, params.id, body),
  );

  route(app, api.adminReceive, async ({ user, params, body }) =>
    staff.receive(user, params.id, body.note),
  );

  route(app, api.adminVerify, async ({ user, params, body }) =>
    staff.verify(user, params.id, body.note),
  );

  route(app, api.adminAdjust, async ({ user, params, body }) =>
    staff.adjust(user, params.id, body),
  );

  route(app, api.adminPay, async ({ user, params, body, idempotencyKey }) =>
    payouts.pay(user, params.id, body, idempotencyKey),
  );

  route(app, api.adminReturn, async ({ user, params, body }) =>
    staff.returnCards(user, params.id, body),
  );

  route(app, api.adminCancel, async ({ user, params, body }) =>
    staff.cancel(user, params.id, body.note),
  );

  route(app, api.adminAddToInventory, async ({ user, params, body }) =>
    staff.addToInventory(user, params.id, params.cardId, body),
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
