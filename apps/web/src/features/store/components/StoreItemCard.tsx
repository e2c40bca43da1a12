import clsx from 'clsx';
import { Link } from 'react-router';
import type { StoreItem } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import { fmvDateFormat, useStoreReturn } from '../lib/storeReturn';
import { STORE_PICTURE_SIZES } from '../lib/storePictures';
import { GradeBadge } from './GradeBadge';
import styles from './StoreItemCard.module.css';

/**
 * One card in the store grid: picture (5:7), name, grade, price and FMV to 2 decimals. Its name is
 * a heading one level below the list's own (`h2` right under the store's title).
 */
export function StoreItemCard({
  item,
  eager = false,
  priority = false,
  heading = 'h3',
}: {
  item: StoreItem;
  eager?: boolean;
  /** The picture may be the page's largest paint: it loads first and shows without fading in. */
  priority?: boolean;
  heading?: 'h2' | 'h3';
}) {
  const storeReturn = useStoreReturn();
  const Heading = heading;
  return (
    <div className={clsx(ui.paper, styles.card)} data-testid="store-item">
      <Link to={paths.product.getHref(item._id)} state={storeReturn} className={styles.link}>
        <div className={styles.picture}>
          <CardImage
            src={item.imageUrl}
            alt={item.name}
            eager={eager}
            priority={priority}
            sizes={STORE_PICTURE_SIZES}
          />
        </div>
        <div className={styles.content}>
          <Heading className={clsx(ui.clamp2, styles.name)}>{item.name}</Heading>
          <div>
            <GradeBadge label={item.gradeLabel} />
          </div>
          <div className={styles.prices}>
            <p className={clsx(ui.h6, styles.price)} data-testid="store-price">
              {formatUsd(item.storePrice)}
            </p>
            <span className={clsx(styles.caption, ui.secondaryText)}>
              FMV {formatUsd(item.fmv)}
            </span>
          </div>
          <span className={clsx(styles.caption, ui.secondaryText)} data-testid="fmv-source">
            {item.fmvSource} · {fmvDateFormat.format(new Date(item.fmvUpdatedAt))}
          </span>
        </div>
      </Link>
    </div>
  );
}

/** A card's place while the grid loads: the same blocks and height as the card it stands for. */
export function StoreItemSkeleton() {
  return (
    <div className={clsx(ui.paper, styles.card)} aria-hidden data-testid="store-item-skeleton">
      <div className={styles.picture}>
        <span className={clsx(styles.skeleton, styles.pictureSkeleton)} />
      </div>
      <div className={styles.content}>
        <span className={clsx(styles.skeleton, styles.name, styles.nameSkeleton)} />
        <span className={clsx(styles.skeleton, styles.gradeSkeleton)} />
        <span className={clsx(styles.skeleton, styles.priceSkeleton)} />
        <span className={clsx(styles.skeleton, styles.caption, styles.captionSkeleton)} />
      </div>
    </div>
  );
}
