import { useState } from 'react';
import clsx from 'clsx';
import { CirclePlay, Heart, MessageCircle, Repeat2, type LucideIcon } from 'lucide-react';
import { X_POST_MEDIA_MAX, type XPost } from '@grail/contract';
import ui from '@/lib/styles/ui.module.css';
import { postSegments } from '../postSegments';
import styles from './XPostCard.module.css';
import { dateFormat } from '@/lib/format';

const postedAtFormat = dateFormat({
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const external = { target: '_blank', rel: 'noopener noreferrer nofollow' } as const;

/** The text as React nodes: links only where the entities say, everything else as plain text. */
function PostText({ post }: { post: XPost }) {
  return (
    <p className={clsx(ui.body2, styles.text)} data-testid="x-post-text">
      {postSegments(post).map((segment, i) =>
        segment.kind === 'text' ? (
          segment.text
        ) : (
          <a key={i} href={segment.href} {...external} className={styles.link}>
            {segment.text}
          </a>
        ),
      )}
    </p>
  );
}

function PostMedia({ post }: { post: XPost }) {
  const media = post.media.slice(0, X_POST_MEDIA_MAX);
  if (media.length === 0) return null;
  const single = media.length === 1;
  return (
    <div className={clsx(styles.media, single && styles.single)} data-testid="x-post-media">
      {media.map((item) => (
        <a
          key={item.media_key}
          href={post.tweet_url}
          {...external}
          aria-label={item.type === 'photo' ? undefined : 'Play video on X'}
          className={styles.mediaItem}
        >
          <img
            src={item.url}
            alt={item.alt_text ?? (item.type === 'photo' ? 'Image from the post' : '')}
            loading="lazy"
            decoding="async"
            width={320}
            height={320}
            className={styles.mediaImage}
          />
          {item.type !== 'photo' && <CirclePlay aria-hidden size={48} className={styles.play} />}
        </a>
      ))}
    </div>
  );
}

/** The author's picture, or the first letter of the name when there is none or it fails. */
function Avatar({ name, src }: { name: string; src: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return (
    <span className={styles.avatar}>
      {src && failedSrc !== src ? (
        <img
          src={src}
          alt=""
          loading="lazy"
          width={40}
          height={40}
          onError={() => setFailedSrc(src)}
        />
      ) : (
        name.slice(0, 1)
      )}
    </span>
  );
}

function Metric({ icon: Icon, count, label }: { icon: LucideIcon; count: number; label: string }) {
  return (
    <span className={styles.metric}>
      <Icon aria-hidden size={20} />
      <span>{count.toLocaleString('en-US')}</span>
      <span className={ui.visuallyHidden}>{label}</span>
    </span>
  );
}

/** One post: avatar, name, @handle, date, text with its links, media, and counts. */
export function XPostCard({ post }: { post: XPost }) {
  const { user, public_metrics: metrics } = post;
  return (
    <article className={clsx(ui.paper, styles.card)} data-testid="x-post">
      <div className={styles.author}>
        <Avatar name={user.name} src={user.profile_image_url} />
        <div className={styles.names}>
          <p className={styles.name}>{user.name}</p>
          <p className={clsx(ui.body2, ui.secondaryText, styles.handle)}>
            @{user.username} ·{' '}
            <a href={post.tweet_url} {...external} className={styles.dateLink}>
              <time dateTime={post.created_at}>
                {postedAtFormat.format(new Date(post.created_at))}
              </time>
            </a>
          </p>
        </div>
      </div>
      <PostText post={post} />
      <PostMedia post={post} />
      <div
        className={clsx(ui.body2, ui.secondaryText, styles.metrics)}
        data-testid="x-post-metrics"
      >
        <Metric icon={MessageCircle} count={metrics.reply_count} label=" replies" />
        <Metric icon={Repeat2} count={metrics.retweet_count} label=" reposts" />
        <Metric icon={Heart} count={metrics.like_count} label=" likes" />
      </div>
    </article>
  );
}
