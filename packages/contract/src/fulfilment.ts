import { z } from 'zod';
import { SavedShippingAddress } from './auth.js';
import { endpoint } from './endpoint.js';
import { MarkShippedBody } from './grail.js';

/** What is owed to a collector: a store order, a claimed pull, break hits, or a returned submission. */
export const FULFILMENT_KINDS = ['order', 'pull', 'break', 'vault', 'submission'] as const;
export const FulfilmentKind = z.enum(FULFILMENT_KINDS);
export type FulfilmentKind = z.infer<typeof FulfilmentKind>;

export const FulfilmentItem = z.object({
  kind: FulfilmentKind,
  /** The shipment id (order, pull, break) or the submission id (returned submission). */
  _id: z.string(),
  /** What staff and the collector call it: "Order 1a2b3c4d", "Submission S-000042". */
  reference: z.string(),
  username: z.string(),
  email: z.string(),
  /** Null only for a returned submission whose collector saved no address. */
  address: SavedShippingAddress.nullable(),
  items: z.array(z.string()),
  /** The 48-hour promise. */
  shipBy: z.string(),
  overdue: z.boolean(),
});
export type FulfilmentItem = z.infer<typeof FulfilmentItem>;

export const ShippingCompliance = z.object({
  /** Everything shipped in the last 30 days, and how much of it within its 48 hours. */
  shipped: z.number().int(),
  onTime: z.number().int(),
  /** onTime / shipped, 0 to 1; null when nothing shipped. */
  share: z.number().nullable(),
});
export type ShippingCompliance = z.infer<typeof ShippingCompliance>;

export const FulfilmentQueueResponse = z.object({
  items: z.array(FulfilmentItem),
  compliance: ShippingCompliance,
});
export type FulfilmentQueueResponse = z.infer<typeof FulfilmentQueueResponse>;

export const FulfilmentItemParams = z.object({
  kind: FulfilmentKind,
  id: z.uuid({ message: 'must be a valid id' }),
});
export type FulfilmentItemParams = z.infer<typeof FulfilmentItemParams>;

export const FulfilmentShippedResponse = z.object({
  kind: FulfilmentKind,
  _id: z.string(),
  carrier: z.string(),
  trackingNumber: z.string(),
});
export type FulfilmentShippedResponse = z.infer<typeof FulfilmentShippedResponse>;

const tags = ['admin', 'shipping'];

export const fulfilmentEndpoints = {
  adminFulfilmentQueue: endpoint({
    method: 'GET',
    path: '/api/admin/fulfilment',
    operationId: 'adminFulfilmentQueue',
    summary: 'Everything owed to collectors, earliest deadline first, and the 30-day on-time share',
    tags,
    guard: 'admin',
    response: FulfilmentQueueResponse,
  }),
  adminFulfilmentShip: endpoint({
    method: 'POST',
    path: '/api/admin/fulfilment/:kind/:id/ship',
    operationId: 'adminFulfilmentShip',
    summary: 'Mark an owed item shipped with carrier and tracking; the collector is e-mailed',
    tags,
    guard: 'admin',
    params: FulfilmentItemParams,
    body: MarkShippedBody,
    response: FulfilmentShippedResponse,
    errors: [409],
  }),
} as const;
