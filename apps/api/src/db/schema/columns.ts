import { sql } from 'drizzle-orm';
import { bigserial, timestamp, uuid, type ReferenceConfig } from 'drizzle-orm/pg-core';

/** A row's id: a random uuid the database draws at the insert. */
export const uuidKey = () => uuid('id').primaryKey().defaultRandom();

/** A row's id counting up from 1: for logs, where the order of rows matters. */
export const serialKey = () => bigserial('id', { mode: 'number' }).primaryKey();

/** A required uuid column pointing at another table's row: the shape of nearly every link. */
export function requiredRef(
  name: string,
  target: ReferenceConfig['ref'],
  actions?: ReferenceConfig['actions'],
) {
  return uuid(name).notNull().references(target, actions);
}

/** A moment in time, kept with its time zone: every time column of the product is one. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was made: the database's clock at the insert. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** When the row last changed: the insert's time until a write sets it again. */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/** A list of allowed values as SQL text, for a CHECK that a column holds one of them. */
export const inList = (values: readonly string[]) =>
  sql.raw(values.map((v) => `'${v}'`).join(', '));
