import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

/**
 * The X feed as last read from the X API, one row per profile, shared by every instance.
 * `posts` is the last good copy (kept when a later refresh fails); `leaseUntil` marks the one
 * instance currently asking X, so the whole fleet makes at most one upstream request at a time.
 */
export const xFeedCache = pgTable('x_feed_cache', {
  username: text('username').primaryKey(),
  xUserId: text('x_user_id'),
  posts: jsonb('posts'),
  fetchedAt: timestamptz('fetched_at'),
  /** No upstream request before this time (5-minute freshness, or X's rate-limit reset). */
  nextRefreshAt: timestamptz('next_refresh_at').notNull().defaultNow(),
  leaseUntil: timestamptz('lease_until'),
  lastError: text('last_error'),
});

/** Posts an admin saved for the feed, served when no X token is configured. */
export const feedPosts = pgTable('feed_posts', {
  id: text('id').primaryKey(),
  post: jsonb('post').notNull(),
  postedAt: timestamptz('posted_at').notNull(),
  savedAt: timestamptz('saved_at').notNull().defaultNow(),
});
