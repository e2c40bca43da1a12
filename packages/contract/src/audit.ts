import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { queryInteger } from './query.js';

export const AuditEntry = z.object({
  id: z.number().int(),
  actor: z.object({ userId: z.string(), email: z.string().nullable() }),
  /** `<subject>.<verb>`, e.g. `card.update`, `site.flag`. */
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

const filterText = z.string().trim().min(1).max(200);

export const AuditQuery = z.object({
  /** The actor's e-mail (or a part of it) or user id. */
  actor: filterText.optional(),
  /** An action, or its prefix ending in a dot (`card.`). */
  action: filterText.optional(),
  subjectType: filterText.optional(),
  subjectId: filterText.optional(),
  /** From and to, inclusive (ISO dates or date-times). */
  from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  page: queryInteger(1, 100_000).default(1),
  pageSize: queryInteger(1, 100).default(50),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditListResponse = z.object({
  entries: z.array(AuditEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditListResponse = z.infer<typeof AuditListResponse>;

/** The staff audit log: read-only, newest first. */
export const auditEndpoints = {
  adminAuditLog: endpoint({
    method: 'GET',
    path: '/api/admin/audit',
    operationId: 'adminListAuditLog',
    summary: 'What staff did, newest first: filter by actor, action, subject and dates',
    tags: ['admin', 'audit'],
    guard: 'admin',
    query: AuditQuery,
    response: AuditListResponse,
  }),
} as const;
