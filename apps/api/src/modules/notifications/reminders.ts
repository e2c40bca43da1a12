import type { Db } from '../../db/client.js';
import { sellBackWindowsClosing } from '../grail/grail.reads.js';
import { offersExpiring } from '../submissions/submissions.reads.js';
import { submissionNumber } from '../submissions/submissions.rules.js';
import type { NotificationsService } from './notifications.service.js';

const HOUR_MS = 3_600_000;
/** How long before its end a sell-back window is reminded of. */
export const SELL_BACK_REMINDER_HOURS = 12;
/** How long before it expires an offer is reminded of. */
export const OFFER_REMINDER_HOURS = 24;

const SELL_BACK_KIND = 'reminder.sell_back_closing';
const OFFER_KIND = 'reminder.offer_expiring';

const when = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * One turn of the reminders: a sell-back window closing within 12 hours and a submission offer
 * expiring within 24, each told once (the notifications' unique reminder index makes a second
 * turn, or a second instance, write nothing). Each reminder is pinned until answered.
 */
export async function sendReminders(
  db: Db,
  notifications: Pick<NotificationsService, 'notify' | 'unpinPassed'>,
  buybackWindowHours: number,
  now = new Date(),
): Promise<number> {
  const windows = await sellBackWindowsClosing(
    db,
    buybackWindowHours,
    now,
    new Date(now.getTime() + SELL_BACK_REMINDER_HOURS * HOUR_MS),
  );
  const offers = await offersExpiring(
    db,
    now,
    new Date(now.getTime() + OFFER_REMINDER_HOURS * HOUR_MS),
  );
  let sent = 0;
  await db.transaction(async (tx) => {
    // A window or an offer reminded of this long ago has closed: it no longer waits for an answer.
    const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
    await notifications.unpinPassed(tx, SELL_BACK_KIND, ago(SELL_BACK_REMINDER_HOURS));
    await notifications.unpinPassed(tx, OFFER_KIND, ago(OFFER_REMINDER_HOURS));
    for (const p of windows) {
      const closes = new Date(p.pulledAt.getTime() + buybackWindowHours * HOUR_MS);
      const id = await notifications.notify(tx, p.userId, {
        category: 'reminders',
        kind: SELL_BACK_KIND,
        title: 'Your sell-back window closes soon',
        body: `You can sell pull #${p.k} back until ${when(closes)}; after that it stays in your vault.`,
        link: `/pulls/${p.id}`,
        subject: { type: 'pull', id: p.id },
        needsAnswer: true,
      });
      if (id) sent++;
    }
    for (const s of offers) {
      const id = await notifications.notify(tx, s.userId, {
        category: 'reminders',
        kind: OFFER_KIND,
        title: `Our offer for submission ${submissionNumber(s.number)} expires soon`,
        body: `Accept or decline it before ${when(s.offerExpiresAt!)}.`,
        link: `/dashboard/submissions/${s.id}`,
        subject: { type: 'submission', id: s.id },
        needsAnswer: true,
      });
      if (id) sent++;
    }
  });
  return sent;
}
