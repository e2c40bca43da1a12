import { z } from 'zod';
import { SavedShippingAddress } from './address.js';

/**
 * The signed-in person's own account as the API shows it: who they are, their theme, their date
 * of birth and their sessions. Sign-up, sign-in and two-factor are in auth.ts.
 */

export const Theme = z.enum(['light', 'dark']);
export type Theme = z.infer<typeof Theme>;

/** The signed-in user as the API shows it to that user (never to anyone else). */
export const PublicUser = z.object({
  _id: z.string(),
  email: z.string(),
  username: z.string(),
  role: z.enum(['user', 'admin']),
  emailVerified: z.boolean(),
  displayName: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  shippingAddress: SavedShippingAddress.nullable(),
  profileComplete: z.boolean(),
  totpEnabled: z.boolean(),
  theme: Theme.nullable(),
  clientSeed: z.string(),
  pullsAnonymous: z.boolean(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof PublicUser>;

/**
 * The current-user answer: the signed-in user (null for a visitor) and the CSRF token to send
 * (the session's, or a visitor's anonymous one).
 */
export const CurrentUserResponse = z.object({ user: PublicUser.nullable(), csrfToken: z.string() });
export type CurrentUserResponse = z.infer<typeof CurrentUserResponse>;

export const ThemeBody = z.object({ theme: Theme });
export type ThemeBody = z.infer<typeof ThemeBody>;
/** null until the person has chosen one (the browser's own choice then stands). */
export const ThemeResponse = z.object({ theme: Theme.nullable() });
export type ThemeResponse = z.infer<typeof ThemeResponse>;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
/** The earliest date of birth taken: nobody alive was born before it. */
export const DATE_OF_BIRTH_MIN = '1900-01-01';
/** A day that exists: 2001-02-30 is not read as 2 March, as Date.parse would. */
const isCalendarDay = (v: string) => {
  const day = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === v;
};
/** The latest date of birth taken: tomorrow in UTC, which is already today east of UTC. */
const latestBirthDay = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
export const DateOfBirth = z
  .string()
  .trim()
  .min(1, 'Enter your date of birth')
  .regex(isoDate, 'Use the form YYYY-MM-DD')
  .refine(isCalendarDay, 'Enter a real date of birth')
  .refine((v) => v >= DATE_OF_BIRTH_MIN, 'Enter a real date of birth (1900 or later)')
  .refine((v) => v <= latestBirthDay(), 'A date of birth cannot be in the future');

/** Whole years between a YYYY-MM-DD birth date and today (UTC). */
export function ageOn(dateOfBirth: string, today: Date = new Date()): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const month = today.getUTCMonth() + 1;
  if (month < m || (month === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

export const UserResponse = z.object({ user: PublicUser });
export type UserResponse = z.infer<typeof UserResponse>;

export const SessionInfo = z.object({
  _id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;
export const SessionListResponse = z.object({ sessions: z.array(SessionInfo) });
export type SessionListResponse = z.infer<typeof SessionListResponse>;

export const SessionIdParams = z.object({ id: z.uuid({ error: 'Session not found' }) });
export type SessionIdParams = z.infer<typeof SessionIdParams>;
