import { z } from 'zod';
import { and, asc, count, desc, eq, gte, inArray, like, lt, lte, type SQL } from 'drizzle-orm';
import type { AuditListResponse, AuditQuery } from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { runStatement, type Execution } from '../../db/batch.js';
import { auditLog } from '../../db/schema/index.js';
import { prepared } from '../../db/statements.js';
import { emailsOf, likeEscape, userIdsWithEmailLike } from '../users/users.reads.js';

export interface AuditEntry {
  /** The staff member who acted. */
  actorId: string;
  /** What was done: `<subject>.<verb>`, e.g. `submission.pay`. */
  action: string;
  subjectType: string;
  subjectId: string;
  /** The subject as it was, and as it is now (null when there is nothing to show). */
  before?: unknown;
  after?: unknown;
}

const insertEntry = prepared(
  'audit_record',
  `insert into audit_log (actor_id, action, subject_type, subject_id, before, after)
    values ($1::uuid, $2::text, $3::text, $4::text, $5::jsonb, $6::jsonb)`,
);

/** One audit entry as a statement for a batch (`record` sends the same). */
export function auditStatement(entry: AuditEntry): Execution {
  const json = (value: unknown) => (value === undefined || value === null ? null : { json: value });
  return {
    prepared: insertEntry,
    values: [
      entry.actorId,
      entry.action,
      entry.subjectType,
      entry.subjectId,
      json(entry.before),
      json(entry.after),
    ],
  };
}

export interface AuditRecord extends Required<AuditEntry> {
  id: number;
  createdAt: Date;
}

/**
 * The staff audit log. `record` is called inside the transaction of the action it describes, so
 * an action without its record (or a record of an action that rolled back) cannot exist.
 */
export class AuditService {
  constructor(private readonly db: Db) {}

  async record(entry: AuditEntry, tx: Db | Tx = this.db): Promise<void> {
    await runStatement(tx, auditStatement(entry));
  }

  /** Everything done to one subject, oldest first. */
  async forSubject(subjectType: string, subjectId: string): Promise<AuditRecord[]> {
    const rows = await this.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, subjectType), eq(auditLog.subjectId, subjectId)))
      .orderBy(asc(auditLog.id));
    return rows.map((r) => ({ ...r, before: r.before ?? null, after: r.after ?? null }));
  }

  /** The log for the staff console: newest first, filtered, one page, with each actor's e-mail. */
  async search(query: AuditQuery): Promise<AuditListResponse> {
    const where: SQL[] = [];
    if (query.actor) {
      const isId = z.uuid().safeParse(query.actor).success;
      where.push(
        isId
          ? eq(auditLog.actorId, query.actor)
          : inArray(auditLog.actorId, userIdsWithEmailLike(this.db, query.actor)),
      );
    }
    if (query.action)
      where.push(
        query.action.endsWith('.')
          ? like(auditLog.action, `${likeEscape(query.action)}%`)
          : eq(auditLog.action, query.action),
      );
    if (query.subjectType) where.push(eq(auditLog.subjectType, query.subjectType));
    if (query.subjectId) where.push(eq(auditLog.subjectId, query.subjectId));
    if (query.from) where.push(gte(auditLog.createdAt, new Date(query.from)));
    // A bare date as the end means the whole of that day (UTC).
    if (query.to)
      where.push(
        query.to.length === 10
          ? lt(auditLog.createdAt, new Date(Date.parse(query.to) + 86_400_000))
          : lte(auditLog.createdAt, new Date(query.to)),
      );
    const condition = where.length > 0 ? and(...where) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(auditLog)
        .where(condition)
        .orderBy(desc(auditLog.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db.select({ n: count() }).from(auditLog).where(condition),
    ]);
    const emailOf = await emailsOf(
      this.db,
      rows.map((r) => r.actorId),
    );
    return {
      entries: rows.map((entry) => ({
        id: entry.id,
        actor: { userId: entry.actorId, email: emailOf.get(entry.actorId) ?? null },
        action: entry.action,
        subjectType: entry.subjectType,
        subjectId: entry.subjectId,
        before: entry.before ?? null,
        after: entry.after ?? null,
        createdAt: entry.createdAt.toISOString(),
      })),
      total: total?.n ?? 0,
      page: query.page,
      pageSize: query.pageSize,
    };
  }
}
