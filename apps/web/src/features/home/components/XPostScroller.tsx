import clsx from 'clsx';
import ui from '@/lib/styles/ui.module.css';
import { useXFeed } from '../api/useXFeed';
import styles from './LatestFromX.module.css';
import { Notice } from './Notice';
import skeleton from '@/components/ui/Skeleton.module.css';
import { XPostCard } from './XPostCard';

/** The feed itself: a horizontal, scroll-snapping row of posts (loaded on demand). */
export default function XPostScroller() {
  const feed = useXFeed();

  if (feed.isPending) {
    return (
      <div className={styles.placeholder} aria-hidden>
        {[0, 1, 2].map((i) => (
          <span
            key={i}
            className={clsx(skeleton.skeleton, skeleton.rounded, styles.placeholderPost)}
          />
        ))}
      </div>
    );
  }
  if (feed.isError) {
    return <Notice severity="error">Could not load X feed.</Notice>;
  }
  if (feed.data.length === 0) {
    return (
      <p className={clsx(ui.body1, ui.secondaryText, styles.empty)}>No recent posts to display.</p>
    );
  }
  return (
    <ul
      aria-label="Posts from X"
      tabIndex={0}
      data-testid="x-feed"
      className={clsx(ui.snapRow, styles.feed)}
    >
      {feed.data.map((post) => (
        <li key={post.id} className={styles.post}>
          <XPostCard post={post} />
        </li>
      ))}
    </ul>
  );
}
