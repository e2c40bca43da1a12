import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

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

  async record(tx: Db | Tx, entry: AuditEntry): Promise<void> {
    await tx.insert(auditLog).values({
      actorId: entry.actorId,
      action: entry.action,
      subjectType: entry.subjectType,
      subjectId: entry.subjectId,
      before: entry.before ?? null,
      after: entry.after ?? null,
    });
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
}
