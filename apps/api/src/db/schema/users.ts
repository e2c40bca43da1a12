import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, timestamptz, uuidKey } from './columns.js';

export interface ShippingAddress {
  name: string;
  line1: string;
  line2?: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export const users = pgTable(
  'users',
  {
    id: uuidKey(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    emailVerifiedAt: timestamptz('email_verified_at'),
    displayName: text('display_name'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>(),
    termsAcceptedAt: timestamptz('terms_accepted_at'),
    termsVersion: text('terms_version'),
    theme: text('theme', { enum: ['light', 'dark'] }),
    /** AES-256-GCM with a key derived from APP_SECRET. */
    totpSecretEnc: text('totp_secret_enc'),
    totpEnabledAt: timestamptz('totp_enabled_at'),
    /** The last accepted 30 s step: a code is accepted once per user. */
    totpLastStep: integer('totp_last_step'),
    /** The buyer's client seed for provably fair pulls (changeable in the dashboard). */
    clientSeed: text('client_seed')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** Shown as 'Anonymous' in recent pulls when true. */
    pullsAnonymous: boolean('pulls_anonymous').notNull().default(false),
    /** Set by staff: a disabled account cannot sign in and its sessions end. */
    disabledAt: timestamptz('disabled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
  ],
);

/** Server-side sessions: only the SHA-256 of the 256-bit token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuidKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * The address each sign-in came from, kept 30 days after a session ends: the marketplace reads
 * it to keep sales between related accounts out of the comps.
 */
export const signIns = pgTable(
  'sign_ins',
  {
    id: uuidKey(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    at: createdAt(),
  },
  (t) => [index('sign_ins_ip_idx').on(t.ip, t.at), index('sign_ins_user_idx').on(t.userId, t.at)],
);
