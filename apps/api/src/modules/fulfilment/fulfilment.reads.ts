import { sql, type SQL } from 'drizzle-orm';
import { shipmentsShippedSql } from '../shipping/shipping.reads.js';
import { returnsShippedSql } from '../submissions/submissions.reads.js';

/**
 * Everything shipped under the 48-hour promise, as rows of (shipped_at, ship_by): the store's
 * shipments and the submissions' returns. The compliance share and analytics count these.
 */
export const everythingShippedSql: SQL = sql`${shipmentsShippedSql} union all ${returnsShippedSql}`;
