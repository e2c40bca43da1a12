import type { ComponentProps, ReactNode } from 'react';
import clsx from 'clsx';
import { Link } from 'react-router';
import { CardImage } from '@/components/CardImage';
import ui from '@/lib/styles/ui.module.css';
import styles from './CardTile.module.css';

/** The text of a tile (`name`, `prices`, `caption`) takes these classes. */
export const tile = styles;

/**
 * One card in a grid of cards (the store's, the marketplace's): an outlined tile the height of its
 * row, its whole face one link, the picture (5:7) on top and `children` (name, grade, prices)
 * under it. `compact` sets the text closer together.
 */
export function CardTile({
  to,
  linkState,
  testId,
  image,
  compact = false,
  children,
}: {
  to: string;
  /** History state the link carries (the store's way back to its filters). */
  linkState?: unknown;
  testId: string;
  image: ComponentProps<typeof CardImage>;
  compact?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={clsx(ui.paper, styles.card, compact && styles.compact)} data-testid={testId}>
      <Link to={to} state={linkState} className={ui.cardLink}>
        <div className={styles.picture}>
          <CardImage {...image} />
        </div>
        <div className={styles.content}>{children}</div>
      </Link>
    </div>
  );
}

/** A tile's place while the grid loads: the picture's block, then `children`'s blocks. */
export function CardTileSkeleton({
  testId,
  compact = false,
  children,
}: {
  testId?: string;
  compact?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={clsx(ui.paper, styles.card, compact && styles.compact)}
      aria-hidden
      data-testid={testId}
    >
      <div className={styles.picture}>
        <span className={styles.pictureSkeleton} />
      </div>
      <div className={styles.content}>{children}</div>
    </div>
  );
}
