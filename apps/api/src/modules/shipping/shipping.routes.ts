import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DueShipmentsResponse,
  IdParams,
  MarkShippedBody,
  MarkShippedResponse,
} from '@grail/contract';
import { requireAdmin } from '../../plugins/auth.js';
import type { MailService } from '../mail/mail.service.js';
import type { ShippingService } from './shipping.service.js';

const tags = ['admin', 'shipping'];

/** Staff work off the 48-hour promise: what is due, and marking it shipped (the collector is e-mailed). */
export const shippingRoutes: FastifyPluginAsyncZod<{
  shipping: ShippingService;
  mail: Pick<MailService, 'send'>;
  publicUrl?: string;
}> = async (app, { shipping, mail, publicUrl }) => {
  app.addHook('preValidation', requireAdmin);

  app.get(
    '/api/admin/shipments',
    { schema: { response: { 200: DueShipmentsResponse }, tags } },
    async () => ({ shipments: await shipping.listDue() }),
  );

  app.post(
    '/api/admin/shipments/:id/ship',
    {
      schema: {
        params: IdParams,
        body: MarkShippedBody,
        response: { 200: MarkShippedResponse },
        tags,
      },
    },
    async (request) => {
      const shipment = await shipping.markShipped(request.params.id, request.body);
      const dashboard = `${publicUrl ?? ''}/dashboard`;
      // The shipment is committed; a mail failure is logged, never undoes it.
      await mail
        .send({
          to: shipment.email,
          subject: 'Your card has shipped',
          text: [
            `Hi ${shipment.username},`,
            '',
            `Your ${shipment.items.length === 1 ? 'card has' : 'cards have'} shipped: ${shipment.items.join(', ')}.`,
            `Carrier: ${shipment.carrier}`,
            `Tracking number: ${shipment.trackingNumber}`,
            '',
            `Follow it in your dashboard: ${dashboard}`,
          ].join('\n'),
        })
        .catch((err: unknown) => request.log.error({ err }, 'shipping e-mail failed'));
      return { shipment };
    },
  );
};
