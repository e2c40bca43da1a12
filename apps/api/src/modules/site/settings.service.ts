import { eq, like, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';

/**
 * The shared key/value settings (maintenance, the feed's order, feature flags, the demo's
 * marker). The site module owns the table; every other module reads and writes a setting here.
 */

/** The value stored under `key`, or undefined; `forUpdate` locks its row until the transaction ends. */
export async function readSetting(
  db: Db | Tx,
  key: string,
  opts: { forUpdate?: boolean } = {},
): Promise<unknown> {
  const query = db.select().from(settings).where(eq(settings.key, key)).limit(1);
  const [row] = await (opts.forUpdate ? query.for('update') : query);
  return row?.value;
}

/** Every setting whose key starts with `prefix`. */
export async function readSettingsStartingWith(db: Db | Tx, prefix: string) {
  return db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(like(settings.key, `${prefix}%`));
}

/** Stores `value` under `key`, replacing what was there. */
export async function writeSetting(db: Db | Tx, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}
