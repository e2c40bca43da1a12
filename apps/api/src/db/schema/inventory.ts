import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, timestamptz, uuidKey } from './columns.js';

/**
 * A CSV import whose rows name image URLs, worked in the background (modules/inventory,
 * decision 019). A worker in each instance claims a running job by pushing lease_until ahead,
 * as the outbox claims its rows; a claimer that dies lets its lease run out and another instance
 * carries on with the rows still pending.
 */
export const inventoryImports = pgTable(
  'inventory_imports',
  {
    id: uuidKey(),
    actorId: uuid('actor_id').notNull(),
    status: text('status', { enum: ['running', 'done'] })
      .notNull()
      .default('running'),
    totalRows: integer('total_rows').notNull(),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: timestamptz('lease_until').notNull().defaultNow(),
    createdAt: createdAt(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    check('inventory_imports_status_known', sql`${t.status} in ('running', 'done')`),
    index('inventory_imports_due_idx')
      .on(t.leaseUntil)
      .where(sql`status = 'running'`),
  ],
);

/** One data row of a background import: the card to write, then what became of it. */
export const inventoryImportRows = pgTable(
  'inventory_import_rows',
  {
    importId: requiredRef('import_id', () => inventoryImports.id, { onDelete: 'cascade' }),
    /** The CSV line (1 is the header). */
    line: integer('line').notNull(),
    /** The card as the CSV read it (money in cents), its pictures still as the CSV names them. */
    card: jsonb('card').notNull(),
    status: text('status', { enum: ['pending', 'imported', 'failed'] })
      .notNull()
      .default('pending'),
    error: text('error'),
    cardId: uuid('card_id'),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.line] }),
    check(
      'inventory_import_rows_status_known',
      sql`${t.status} in ('pending', 'imported', 'failed')`,
    ),
  ],
);
