import { and, gt, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { playControls } from '../../db/schema/index.js';
import { selfExcluded, timedOut } from './limits.rules.js';

/*
 * The end of a time-out or a self-exclusion, as the reminders worker tells it
 * (docs/notifications.md): once, when it has ended, and only when nothing else still pauses the
 * collector's purchases.
 */

export type Pause = 'time_out' | 'self_exclusion';

export interface PauseEnded {
  userId: string;
  pause: Pause;
  endedAt: Date;
}

/**
 * The time-outs and self-exclusions that ended after `from` and by `to`. One that ends while the
 * other still runs is not told: purchases stay stopped, and the other's end is told instead.
 */
export async function pausesEnded(db: Db, from: Date, to: Date): Promise<PauseEnded[]> {
  const c = playControls;
  const rows = await db
    .select()
    .from(c)
    .where(
      or(
        and(gt(c.timeOutUntil, from), lte(c.timeOutUntil, to)),
        and(gt(c.selfExclusionEndsAt, from), lte(c.selfExclusionEndsAt, to)),
      ),
    );
  const within = (d: Date | null): d is Date => d !== null && d > from && d <= to;
  return rows.flatMap((row) => {
    const ended: PauseEnded[] = [];
    const { userId, timeOutUntil, selfExclusionEndsAt } = row;
    if (within(timeOutUntil) && !selfExcluded(row, timeOutUntil))
      ended.push({ userId, pause: 'time_out', endedAt: timeOutUntil });
    if (within(selfExclusionEndsAt) && !timedOut(row, selfExclusionEndsAt))
      ended.push({ userId, pause: 'self_exclusion', endedAt: selfExclusionEndsAt });
    return ended;
  });
}

const ENDED_WORDS: Record<Pause, { title: string; body: string }> = {
  time_out: {
    title: 'Your time-out has ended',
    body: 'Purchases and top-ups are open again. You can take another time-out or set a limit on the Limits tab.',
  },
  self_exclusion: {
    title: 'Your self-exclusion has ended',
    body: 'Purchases, top-ups and sell-backs are open again. You can self-exclude again, take a time-out or set a limit on the Limits tab.',
  },
};

/** The Limits notice of a pause that ended; its subject is that pause, so it is told once. */
export function pauseEndedNotice(p: PauseEnded) {
  return {
    category: 'limits' as const,
    kind: `limits.${p.pause}_ended`,
    ...ENDED_WORDS[p.pause],
    link: '/dashboard?tab=limits',
    subject: { type: p.pause, id: `${p.userId}/${p.endedAt.toISOString()}` },
    once: true,
  };
}
