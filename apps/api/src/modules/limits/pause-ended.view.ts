import type { PauseEnded, Pause } from './limits.reads.js';

/*
 * The end of a time-out or a self-exclusion, as the reminders worker tells it
 * (docs/notifications.md): once, when it has ended, and only when nothing else still pauses the
 * collector's purchases.
 */

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
