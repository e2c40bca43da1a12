import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { rawStatement } from '../db/statements.js';

/**
 * How a writer tells every instance that a hot read (http/hot-reads.ts) changed. It sits below
 * the modules that write and the HTTP layer that keeps the answers, so both import it.
 */

/** The NOTIFY channel every writer of a hot read publishes to; every instance LISTENs on it. */
export const HOT_READS_CHANNEL = 'hot_reads_changes';

/**
 * What a change touches: `grail` (the live case, its remaining cards, recent pulls), `catalog`
 * (store items, carousel cards, products) and `settings` (maintenance, configuration, flags).
 */
export type HotTopic = 'grail' | 'catalog' | 'settings';

const TOPICS = new Set<string>(['grail', 'catalog', 'settings']);
export const isHotTopic = (topic: unknown): topic is HotTopic =>
  typeof topic === 'string' && TOPICS.has(topic);

/** How long an answer may be served without a notification: the bound if one is ever missed. */
export const HOT_READS_TTL_MS = 3_000;

/** What keeps answers in this process: it drops a topic's answers when told. */
export interface HotListener {
  invalidate(topic: HotTopic): void;
}

/**
 * Changes this process announced and has not heard back yet, by token, with the time after
 * which they are forgotten (a rolled-back transaction never delivers its notification). While
 * one is open for a topic, this process reads the topic from the database: a writer's own next
 * read must not get the answer from before its write.
 */
const announced = new Map<string, { topics: readonly HotTopic[]; until: number }>();
const listeners = new Set<HotListener>();

export const addHotListener = (listener: HotListener) => listeners.add(listener);
export const removeHotListener = (listener: HotListener) => listeners.delete(listener);

const notice = rawStatement(
  'hot_reads.notify',
  (payload: string) => sql`select pg_notify(${HOT_READS_CHANNEL}, ${payload})`,
  '{"topics":["grail"],"token":"t"}',
);

/**
 * Announces that `topic` (or each of several) changed. Inside a transaction the notification is
 * delivered on commit (and never on rollback); every instance then drops its answers for it.
 */
export async function notifyChange(
  topic: HotTopic | readonly HotTopic[],
  tx: Db | Tx,
): Promise<void> {
  const topics = typeof topic === 'string' ? [topic] : topic;
  const token = randomUUID();
  announced.set(token, { topics, until: Date.now() + HOT_READS_TTL_MS });
  for (const hot of listeners) for (const t of topics) hot.invalidate(t);
  await tx.execute(notice(JSON.stringify({ topics, token })));
}

/** This process heard its own announcement back: the change is committed and delivered. */
export const heardBack = (token: string) => announced.delete(token);

/** Whether a change of `topic` this process announced may still be on its way. */
export function announcedOpen(topic: HotTopic, now: number): boolean {
  for (const [token, change] of announced) {
    if (change.until <= now) announced.delete(token);
    else if (change.topics.includes(topic)) return true;
  }
  return false;
}
