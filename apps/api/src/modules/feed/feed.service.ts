import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { XPost } from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { readTogether } from '../../db/reads.js';
import { feedPosts, xFeedCache } from '../../db/schema/index.js';
import { readSetting, writeSetting } from '../site/settings.service.js';
import { notFound } from '../../errors.js';
import { demoPosts } from './demo-posts.js';
import { XApiClient, XApiError } from './x-api.client.js';
import { mapXPosts } from './x-posts.mapper.js';

/** Every instance shares one upstream call per period. */
export const FEED_FRESH_MS = 5 * 60_000;
/** After a failure without a rate-limit reset, wait this long before asking X again. */
export const FEED_RETRY_AFTER_FAILURE_MS = 60_000;
export const X_API_TIMEOUT_MS = 5_000;
const LEASE_POLL_MS = 100;
/** Saved posts shown when no X token is configured. */
const SAVED_POSTS_SHOWN = 10;
/** The settings row holding the order staff gave their posts (post ids). */
const FEED_ORDER_KEY = 'feed:order';

export interface FeedOptions {
  username: string;
  bearerToken?: string;
  baseUrl: string;
  timeoutMs?: number;
}

type FeedLog = Pick<FastifyBaseLogger, 'warn'>;

type CacheRow = typeof xFeedCache.$inferSelect;

/**
 * "Latest from X": read from the X API v2 through a cache in the database when a token is set,
 * otherwise the posts an admin saved, otherwise the demo posts.
 */
export class FeedService {
  private readonly client?: XApiClient;
  private readonly timeoutMs: number;
  /** This instance's refresh in progress; concurrent readers wait for it instead of asking X. */
  private refreshing: Promise<XPost[]> | null = null;

  constructor(
    private readonly db: Db,
    private readonly options: FeedOptions,
  ) {
    this.timeoutMs = options.timeoutMs ?? X_API_TIMEOUT_MS;
    if (options.bearerToken) {
      this.client = new XApiClient({
        baseUrl: options.baseUrl,
        bearerToken: options.bearerToken,
        timeoutMs: this.timeoutMs,
      });
    }
  }

  /** Whether the feed is read from X (a token is set); otherwise it shows the staff's posts. */
  get readsFromX(): boolean {
    return Boolean(this.client);
  }

  /** `log` receives the warning when X fails (the request's logger, so it carries the request id). */
  async feed(log?: FeedLog): Promise<XPost[]> {
    if (!this.client) return this.savedOrDemoPosts();
    if (this.refreshing) return this.refreshing;
    const row = await this.cacheRow();
    if (row && !this.mayRefresh(row)) {
      return row.posts === null && this.isLeased(row)
        ? this.awaitOtherInstance()
        : cachedPosts(row);
    }
    this.refreshing ??= this.refresh(log).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  async savePost(post: XPost): Promise<XPost> {
    await this.db
      .insert(feedPosts)
      .values({ id: post.id, post, postedAt: new Date(post.created_at) })
      .onConflictDoUpdate({
        target: feedPosts.id,
        set: { post, postedAt: new Date(post.created_at), savedAt: sql`now()` },
      });
    return post;
  }

  async deletePost(id: string): Promise<void> {
    const deleted = await this.db
      .delete(feedPosts)
      .where(eq(feedPosts.id, id))
      .returning({ id: feedPosts.id });
    if (deleted.length === 0) throw notFound('Feed post not found');
  }

  private async savedOrDemoPosts(): Promise<XPost[]> {
    const saved = await this.savedPosts();
    return saved.length === 0 ? demoPosts(this.options.username) : saved;
  }

  /**
   * The staff's posts as the feed shows them: in the order staff set (the Site page), then any
   * other saved post, newest first.
   */
  async savedPosts(db: Db | Tx = this.db): Promise<XPost[]> {
    const [rows, order] = await readTogether(db === this.db, [
      () =>
        db
          .select({ id: feedPosts.id, post: feedPosts.post })
          .from(feedPosts)
          .orderBy(desc(feedPosts.postedAt)),
      () => readSetting(db, FEED_ORDER_KEY),
    ]);
    const ids = Array.isArray(order) ? (order as string[]) : [];
    const rank = new Map(ids.map((id, i) => [id, i]));
    const ranked = [...rows].sort(
      (a, b) => (rank.get(a.id) ?? ids.length) - (rank.get(b.id) ?? ids.length),
    );
    return ranked.slice(0, SAVED_POSTS_SHOWN).flatMap(({ post }) => {
      const parsed = XPost.safeParse(post);
      return parsed.success ? [parsed.data] : [];
    });
  }

  /** Replaces the staff's posts with `posts`, shown in this order (add, remove and reorder in one). */
  async replaceSavedPosts(posts: XPost[], tx: Db | Tx): Promise<void> {
    await tx.delete(feedPosts);
    if (posts.length > 0)
      await tx
        .insert(feedPosts)
        .values(posts.map((post) => ({ id: post.id, post, postedAt: new Date(post.created_at) })));
    const value = posts.map((p) => p.id);
    await writeSetting(tx, FEED_ORDER_KEY, value);
  }

  private async cacheRow(): Promise<CacheRow | undefined> {
    const [row] = await this.db
      .select()
      .from(xFeedCache)
      .where(eq(xFeedCache.username, this.options.username))
      .limit(1);
    return row;
  }

  private isLeased(row: CacheRow): boolean {
    return Boolean(row.leaseUntil && row.leaseUntil.getTime() >= Date.now());
  }

  private mayRefresh(row: CacheRow): boolean {
    return row.nextRefreshAt.getTime() <= Date.now() && !this.isLeased(row);
  }

  /**
   * The very first read, while another instance holds the lease: there is no copy to serve yet,
   * so wait (reading the row, never X) until that instance stores one or its lease runs out.
   */
  private async awaitOtherInstance(): Promise<XPost[]> {
    const deadline = Date.now() + this.leaseMs;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, LEASE_POLL_MS));
      const row = await this.cacheRow();
      if (!row || !this.isLeased(row)) return row ? cachedPosts(row) : [];
    }
    return [];
  }

  /** Long enough for the two upstream calls; a crashed holder's lease simply runs out. */
  private get leaseMs(): number {
    return this.timeoutMs * 2 + 5_000;
  }

  /**
   * Takes the fleet-wide lease (a conditional upsert, so exactly one instance wins), asks X,
   * and stores the result; on failure keeps the last good copy and backs off.
   */
  private async refresh(log?: FeedLog): Promise<XPost[]> {
    const { username } = this.options;
    const leaseUntil = sql`now() + make_interval(secs => ${this.leaseMs / 1000})`;
    const [leased] = await this.db
      .insert(xFeedCache)
      .values({ username, leaseUntil })
      .onConflictDoUpdate({
        target: xFeedCache.username,
        set: { leaseUntil },
        setWhere: sql`${xFeedCache.nextRefreshAt} <= now() and (${xFeedCache.leaseUntil} is null or ${xFeedCache.leaseUntil} < now())`,
      })
      .returning();
    if (!leased) {
      // Another instance is asking X (or just did): serve what is stored.
      const row = await this.cacheRow();
      if (row && row.posts === null && this.isLeased(row)) return this.awaitOtherInstance();
      return row ? cachedPosts(row) : [];
    }

    try {
      // X's user lookup has a small daily quota: the id is looked up once and kept.
      const userId = leased.xUserId ?? (await this.client!.userByUsername(username)).id;
      const response = await this.client!.recentPosts(userId);
      const profile = response.includes?.users?.find((u) => u.id === userId) ?? {
        id: userId,
        name: username,
        username,
      };
      const posts = mapXPosts(response, profile);
      await this.db
        .update(xFeedCache)
        .set({
          xUserId: userId,
          posts,
          fetchedAt: sql`now()`,
          nextRefreshAt: sql`now() + make_interval(secs => ${FEED_FRESH_MS / 1000})`,
          leaseUntil: null,
          lastError: null,
        })
        .where(eq(xFeedCache.username, username));
      return posts;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const retryAt =
        err instanceof XApiError && err.retryAt
          ? sql`${err.retryAt.toISOString()}::timestamptz`
          : sql`now() + make_interval(secs => ${FEED_RETRY_AFTER_FAILURE_MS / 1000})`;
      await this.db
        .update(xFeedCache)
        .set({
          nextRefreshAt: retryAt,
          leaseUntil: null,
          lastError: message,
          // A renamed or removed account: look the profile up again next time.
          ...(err instanceof XApiError && (err.status === 400 || err.status === 404)
            ? { xUserId: null }
            : {}),
        })
        .where(eq(xFeedCache.username, username));
      const lastGood = leased.posts ? cachedPosts(leased) : null;
      log?.warn(
        { err: message, servingLastGood: Boolean(lastGood) },
        lastGood
          ? 'X feed refresh failed; serving the last good copy'
          : 'X feed refresh failed and no earlier copy exists; serving an empty feed',
      );
      return lastGood ?? [];
    }
  }
}

function cachedPosts(row: CacheRow): XPost[] {
  if (!Array.isArray(row.posts)) return [];
  return row.posts.flatMap((post) => {
    const parsed = XPost.safeParse(post);
    return parsed.success ? [parsed.data] : [];
  });
}
