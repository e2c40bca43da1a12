import { SITE_FEED_POSTS_MAX, type XPost } from '@grail/contract';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { z } from 'zod';
import { Alert, Button, Form, FormSubmit, FormTextField, Spinner } from '@/components/ui';
import { dateTimeFormat } from '@/lib/format';
import { useSetSiteFeedPosts, useSiteFeedPosts } from '../api/site';
import admin from '../admin.module.css';
import styles from './SiteFeedPosts.module.css';

const POST_URL = /^https:\/\/(?:x|twitter)\.com\/(\w{1,15})\/status\/(\d{1,25})(?:[/?#].*)?$/;

/** A post as staff enter it: its address on X, its text, when it was posted and by whom. */
const NewPost = z.object({
  url: z
    .string()
    .trim()
    .regex(
      POST_URL,
      'The address must be a post on X, such as https://x.com/GrailMachine/status/123.',
    ),
  text: z.string().trim().min(1),
  postedAt: z
    .string()
    .refine((value) => !Number.isNaN(new Date(value).getTime()), 'Choose when it was posted.'),
  name: z.string().trim(),
});
type NewPost = z.infer<typeof NewPost>;

/** The post the feed shows for what staff entered (checked by NewPost, so the address matches). */
function postFrom({ url, text, postedAt, name }: NewPost): XPost {
  const [, username, id] = POST_URL.exec(url)!;
  return {
    id: id!,
    text,
    created_at: new Date(postedAt).toISOString(),
    tweet_url: `https://x.com/${username}/status/${id}`,
    user: {
      name: name || username!,
      username: username!,
      profile_image_url: '/media/x-avatar.webp',
    },
    entities: { urls: [], mentions: [], hashtags: [] },
    media: [],
    public_metrics: { reply_count: 0, retweet_count: 0, like_count: 0 },
  };
}

function AddPostForm({ onAdd, disabled }: { onAdd: (post: XPost) => void; disabled: boolean }) {
  return (
    <Form
      schema={NewPost}
      defaultValues={{ url: '', text: '', postedAt: '', name: 'Grail Machine' }}
      label="Add a post"
      className={styles.addForm}
      onSubmit={(values, form) => {
        onAdd(postFrom(values));
        form.reset({ ...values, url: '', text: '', postedAt: '' });
      }}
    >
      <h3 className={styles.addTitle}>Add a post</h3>
      <FormTextField name="url" label="Post address on X" required />
      <FormTextField name="text" label="Text" multiline rows={2} required />
      <div className={styles.pair}>
        <FormTextField name="postedAt" label="Posted at" type="datetime-local" required />
        <FormTextField name="name" label="Author name" />
      </div>
      <FormSubmit
        variant="outlined"
        size="medium"
        fullWidth={false}
        disabled={disabled}
        className={styles.addButton}
      >
        Add to the feed
      </FormSubmit>
    </Form>
  );
}

/**
 * The posts "Latest from X" shows when no X token is set, in the order staff give them; every
 * change saves the whole list at once (and is audited). With no post saved, the demo posts show.
 */
export function SiteFeedPosts() {
  const current = useSiteFeedPosts();
  const save = useSetSiteFeedPosts();
  const posts = current.data?.posts ?? [];
  const move = (from: number, to: number) => {
    const next = [...posts];
    const [post] = next.splice(from, 1);
    next.splice(to, 0, post!);
    save.mutate(next);
  };
  return (
    <div className={admin.panel}>
      <h2 className={admin.heading}>Posts in “Latest from X”</h2>
      {current.isPending ? (
        <Spinner label="Loading the posts" />
      ) : current.isError ? (
        <Alert severity="error">{current.error.message}</Alert>
      ) : (
        <div className={styles.body}>
          <p className={`${admin.muted} ${admin.small}`}>
            {current.data.readsFromX
              ? 'An X token is set: the feed shows the posts from X, and these wait unused.'
              : 'No X token is set: the feed shows these posts, in this order.'}{' '}
            Up to {SITE_FEED_POSTS_MAX}.
          </p>
          {posts.length === 0 ? (
            <Alert severity="info">No post saved: the feed shows the demo posts.</Alert>
          ) : (
            <ul aria-label="Feed posts" className={styles.posts}>
              {posts.map((post, i) => (
                <li key={post.id} data-testid="feed-post" className={styles.post}>
                  <div className={styles.postText}>
                    <span className={admin.wrapAnywhere}>{post.text}</span>
                    <span className={`${admin.muted} ${admin.small}`}>
                      @{post.user.username} · {dateTimeFormat.format(new Date(post.created_at))}
                    </span>
                  </div>
                  <div className={styles.postActions}>
                    <Button
                      size="small"
                      className={styles.icon}
                      aria-label={`Move up: ${post.text.slice(0, 40)}`}
                      disabled={i === 0 || save.isPending}
                      onClick={() => move(i, i - 1)}
                    >
                      <ArrowUp aria-hidden />
                    </Button>
                    <Button
                      size="small"
                      className={styles.icon}
                      aria-label={`Move down: ${post.text.slice(0, 40)}`}
                      disabled={i === posts.length - 1 || save.isPending}
                      onClick={() => move(i, i + 1)}
                    >
                      <ArrowDown aria-hidden />
                    </Button>
                    <Button
                      size="small"
                      className={styles.icon}
                      aria-label={`Remove: ${post.text.slice(0, 40)}`}
                      disabled={save.isPending}
                      onClick={() => save.mutate(posts.filter((p) => p.id !== post.id))}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {save.isError && <Alert severity="error">{save.error.message}</Alert>}
          <AddPostForm
            disabled={save.isPending || posts.length >= SITE_FEED_POSTS_MAX}
            onAdd={(post) => save.mutate([post, ...posts.filter((p) => p.id !== post.id)])}
          />
        </div>
      )}
    </div>
  );
}
