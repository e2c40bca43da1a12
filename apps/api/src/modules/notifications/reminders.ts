import { formatCents } from '@grail/contract';
import type { Db } from '../../db/client.js';
import { sellBackWindowsClosing } from '../grail/grail.reads.js';
import { pausesEnded } from '../limits/limits.reads.js';
import { pauseEndedNotice } from '../limits/pause-ended.view.js';
import { offersExpiringToAnswer } from '../market/market.reads.js';
import { offersExpiring } from '../submissions/submissions.reads.js';
import { submissionNumber } from '../submissions/submissions.rules.js';
import type { NotificationsService } from './notifications.service.js';

const HOUR_MS = 3_600_000;
/** How long before its end a sell-back window is reminded of. */
export const SELL_BACK_REMINDER_HOURS = 12;
/** How long before it expires an offer (ours on a submission, or a marketplace one) is reminded of. */
export const OFFER_REMINDER_HOURS = 24;
/**
 * How late a time-out's or self-exclusion's end is still told: a worker stopped longer than this
 * skips it rather than tell of a pause long over.
 */
export const PAUSE_ENDED_TOLD_WITHIN_HOURS = 24;

const SELL_BACK_KIND = 'reminder.sell_back_closing';
const OFFER_KIND = 'reminder.offer_expiring';
const MARKET_OFFER_KIND = 'reminder.market_offer_expiring';

const when = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * One turn of the reminders: a sell-back window closing within 12 hours, a submission offer and a
 * marketplace offer expiring within 24 (to the side whose turn it is), each pinned until
 * answered; and the end of a time-out or self-exclusion. Each is told once: a notice written
 * once per kind and subject (the notifications' `once` index) makes a second turn, a restarted
 * worker or a second instance write nothing.
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
  const offerDeadline = new Date(now.getTime() + OFFER_REMINDER_HOURS * HOUR_MS);
  const offers = await offersExpiring(db, now, offerDeadline);
  const marketOffers = await offersExpiringToAnswer(db, now, offerDeadline);
  const pauses = await pausesEnded(
    db,
    new Date(now.getTime() - PAUSE_ENDED_TOLD_WITHIN_HOURS * HOUR_MS),
    now,
  );
  let sent = 0;
  await db.transaction(async (tx) => {
    // A window or an offer reminded of this long ago has closed: it no longer waits for an answer.
    const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
    await notifications.unpinPassed(tx, SELL_BACK_KIND, ago(SELL_BACK_REMINDER_HOURS));
    await notifications.unpinPassed(tx, OFFER_KIND, ago(OFFER_REMINDER_HOURS));
    await notifications.unpinPassed(tx, MARKET_OFFER_KIND, ago(OFFER_REMINDER_HOURS));
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
    for (const o of marketOffers) {
      const id = await notifications.notify(tx, o.to, {
        category: 'reminders',
        kind: MARKET_OFFER_KIND,
        title: `The offer of ${formatCents(o.amountCents)} for ${o.cardName} expires soon`,
        body: `Accept, counter or decline it before ${when(o.expiresAt)}.`,
        link: '/dashboard/vault?tab=offers',
        // The offer's own subject: the market unpins it when either side answers.
        subject: { type: 'offer', id: o.id },
        needsAnswer: true,
      });
      if (id) sent++;
    }
    for (const p of pauses) {
      if (await notifications.notify(tx, p.userId, pauseEndedNotice(p))) sent++;
    }
  });
  return sent;
}
