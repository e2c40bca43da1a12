import { uuid, type ReferenceConfig } from 'drizzle-orm/pg-core';

/** A required uuid column pointing at another table's row: the shape of nearly every link. */
export function requiredRef(
  name: string,
  target: ReferenceConfig['ref'],
  actions?: ReferenceConfig['actions'],
) {
  return uuid(name).notNull().references(target, actions);
}
