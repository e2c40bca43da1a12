import type { SiteFeedPostsResponse, XPost } from '@grail/contract';
import type { Db } from '../../db/client.js';
import type { AuditService } from '../audit/audit.service.js';
import type { FeedService } from '../feed/feed.service.js';

/** What the audit log keeps of the posts: their ids and first words, in order. */
const summary = (posts: XPost[]) =>
  posts.map((p) => `${p.id}: ${Array.from(p.text).slice(0, 60).join('')}`);

/** The posts "Latest from X" shows when no X token is set, as staff keep them on the Site page. */
export class FeedPostsService {
  private readonly feed: FeedService;
  private readonly audit: AuditService;

  constructor(
    private readonly db: Db,
    deps: { feed: FeedService; audit: AuditService },
  ) {
    this.feed = deps.feed;
    this.audit = deps.audit;
  }

  async list(): Promise<SiteFeedPostsResponse> {
    return { posts: await this.feed.savedPosts(), readsFromX: this.feed.readsFromX };
  }

  /** The whole list at once, in its new order, with an audit entry, in one transaction. */
  async replace(actorId: string, posts: XPost[]): Promise<SiteFeedPostsResponse> {
    await this.db.transaction(async (tx) => {
      const before = await this.feed.savedPosts(tx);
      await this.feed.replaceSavedPosts(posts, tx);
      await this.audit.record(
        {
          actorId,
          action: 'site.feedPosts',
          subjectType: 'feed',
          subjectId: 'posts',
          before: { posts: summary(before) },
          after: { posts: summary(posts) },
        },
        tx,
      );
    });
    return this.list();
  }
}
