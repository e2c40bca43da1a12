import { Link } from 'react-router';
import clsx from 'clsx';
import type { RecentPull } from '@grail/contract';
import { formatUsd } from '@/lib/format';
import { CardImage } from '@/components/CardImage';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import grail from './grail.module.css';
import styles from './RecentPullsStrip.module.css';

const ago = (iso: string) => {
  const s = Math.max(0, (Date.now() - new Date(iso).getTime()) / 1000);
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86400)} d ago`;
};

/** The latest pulls, updated live as anyone opens a pack. */
export function RecentPullsStrip({
  pulls,
  loading,
  failed,
}: {
  pulls: RecentPull[] | undefined;
  loading: boolean;
  failed: boolean;
}) {
  return (
    <section aria-labelledby="recent-pulls-heading">
      <h2 id="recent-pulls-heading" className={clsx(ui.h6, grail.gutter)}>
        Live pulls
      </h2>
      {failed && <p className={clsx(ui.body1, styles.failed)}>Could not load recent pulls.</p>}
      {!failed && !loading && (pulls ?? []).length === 0 && (
        <p className={clsx(ui.body1, ui.secondaryText)}>
          No pulls yet. Be the first to open a pack!
        </p>
      )}
      <div className={styles.strip} data-testid="recent-pulls">
        {loading &&
          Array.from({ length: 5 }, (_, i) => (
            <span key={i} className={clsx(grail.skeleton, styles.placeholder)} />
          ))}
        {(pulls ?? []).map((p) => (
          <div key={p._id} className={clsx(ui.paper, styles.pull)}>
            <Link to={paths.pull.getHref(p._id)} className={styles.link}>
              <CardImage src={p.imageUrl} alt={p.name} sizes="132px" />
              <p title={p.name} className={clsx(grail.caption, styles.line, styles.name)}>
                {p.name}
              </p>
              <p className={clsx(grail.caption, ui.secondaryText, styles.line)}>
                {p.grade} · {formatUsd(p.fmv)}
              </p>
              <p className={clsx(grail.caption, ui.secondaryText, styles.line)}>
                {p.pulledBy} · {ago(p.pulledAt)}
              </p>
            </Link>
          </div>
        ))}
      </div>
    </section>
  );
}
