import { z } from 'zod';
import { endpoint } from './endpoint.js';

export const OUTBOX_STATUSES = ['pending', 'sent', 'dead'] as const;

/** One outbox message as staff see it: where it goes and how its delivery fares, never its body. */
export const OutboxMessageView = z.object({
  _id: z.uuid(),
  kind: z.enum(['email', 'webhook']),
  status: z.enum(OUTBOX_STATUSES),
  /** The recipient's address, or the webhook's host. */
  target: z.string(),
  subject: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  createdAt: z.string(),
});
export type OutboxMessageView = z.infer<typeof OutboxMessageView>;

export const OutboxListQuery = z.object({
  status: z.enum(['pending', 'dead']).optional(),
});
export const OutboxListResponse = z.object({ messages: z.array(OutboxMessageView) });
export type OutboxListResponse = z.infer<typeof OutboxListResponse>;
export const OutboxIdParams = z.object({ id: z.uuid({ error: 'Outbox message not found' }) });
export const OutboxMessageResponse = z.object({ message: OutboxMessageView });

const tags = ['admin', 'outbox'];

export const outboxEndpoints = {
  adminOutbox: endpoint({
    method: 'GET',
    path: '/api/admin/outbox',
    operationId: 'adminListOutbox',
    summary: 'E-mails and webhooks not yet delivered (pending) or given up on (dead), newest first',
    tags,
    guard: 'admin',
    query: OutboxListQuery,
    response: OutboxListResponse,
  }),
  adminRetryOutbox: endpoint({
    method: 'POST',
    path: '/api/admin/outbox/:id/retry',
    operationId: 'adminRetryOutbox',
    summary: 'Send a dead message again (audited)',
    tags,
    guard: 'admin',
    params: OutboxIdParams,
    response: OutboxMessageResponse,
    errors: [404],
  }),
} as const;
