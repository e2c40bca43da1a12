import { z } from 'zod';
import { ErrorBody, type RefusalReason } from '@grail/contract';
import { formatMoment } from '@/lib/format';
import { ApiError } from './client';

/** A refusal's body: its reason, and the moment it names (a time-out's end, a limit's reset). */
const RefusalBody = ErrorBody.extend({
  until: z.string().nullish(),
  resetsAt: z.string().nullish(),
});

/** How the server writes a moment in a message (limits.service `when`). */
const SERVER_MOMENT = /\d{4}-\d\d-\d\d \d\d:\d\d UTC/;

export interface Refusal {
  reason: RefusalReason | undefined;
  /** The message, its moment in the collector's own time with how far off it is. */
  message: string;
}

/** What a failed call says, with any moment it names in local time: null when it is no error. */
export function refusalOf(error: unknown): Refusal | null {
  if (!error) return null;
  if (!(error instanceof ApiError)) {
    return { reason: undefined, message: error instanceof Error ? error.message : String(error) };
  }
  const body = RefusalBody.safeParse(error.data);
  if (!body.success) return { reason: undefined, message: error.message };
  const moment = body.data.until ?? body.data.resetsAt;
  const message = moment
    ? error.message.replace(SERVER_MOMENT, formatMoment(moment))
    : error.message;
  return { reason: body.data.reason, message };
}

/** Reasons settled on the profile page; the others on the dashboard's Limits tab. */
export const isProfileReason = (reason: RefusalReason | undefined) =>
  reason === 'profile_incomplete' || reason === 'email_unverified';
