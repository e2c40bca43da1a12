import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { requiredRef, timestamptz } from './columns.js';

/** A collector's linked Discord account; its OAuth tokens are sealed with APP_SECRET. */
export const discordLinks = pgTable('discord_links', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  discordUserId: text('discord_user_id').notNull(),
  discordUsername: text('discord_username').notNull(),
  accessTokenEnc: text('access_token_enc').notNull(),
  refreshTokenEnc: text('refresh_token_enc'),
  tokenExpiresAt: timestamptz('token_expires_at'),
  linkedAt: timestamptz('linked_at').notNull().defaultNow(),
});

/**
 * The OAuth state of a link in progress: bound to the session that started it, used once, short
 * lived. Only the state's SHA-256 is kept.
 */
export const discordLinkStates = pgTable('discord_link_states', {
  stateHash: text('state_hash').primaryKey(),
  userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
  sessionId: text('session_id').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
});
