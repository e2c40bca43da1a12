import { WITHDRAWAL_PAYOUT_BUSINESS_DAYS } from '@grail/contract';

const DAY_MS = 86_400_000;

/**
 * When a withdrawal asked for at `at` is paid at the latest: WITHDRAWAL_PAYOUT_BUSINESS_DAYS
 * business days later (Saturdays and Sundays, in UTC, do not count).
 */
export function payByOf(at: Date): Date {
  let day = new Date(at.getTime());
  let left = WITHDRAWAL_PAYOUT_BUSINESS_DAYS;
  while (left > 0) {
    day = new Date(day.getTime() + DAY_MS);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return day;
}
