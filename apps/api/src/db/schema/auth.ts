import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { createdAt, requiredRef, serialKey, timestamptz, uuidKey } from './columns.js';

/**
 * Single-use secrets sent to a person or held by the browser between two sign-in steps:
 * e-mail verification, password reset, an e-mail change and the TOTP sign-in challenge. Only the SHA-256 is stored.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuidKey(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['verify_email', 'reset_password', 'login_challenge', 'change_email'],
    }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The address a change_email link moves the account to once opened. */
    newEmail: text('new_email'),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    /** Wrong codes entered against a sign-in challenge; the fifth ends it. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Two-factor recovery codes (SHA-256 of a random 50-bit code; enough entropy for a fast hash), each usable once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuidKey(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * One row per counted attempt (failed sign-in, reset request, registration) so limits hold across
 * instances. `bucket` names the limit and who it counts, e.g. `login:ip:203.0.113.7`.
 */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: serialKey(),
    bucket: text('bucket').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_limit_events_bucket_idx').on(t.bucket, t.createdAt)],
);

/** Mail kept when no SMTP server is configured (development, tests, demos). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuidKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);
