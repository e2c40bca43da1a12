import clsx from 'clsx';
import type { StoreItem } from '@grail/contract';
import { CardTile, CardTileSkeleton, tile } from '@/components/CardTile';
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
    <CardTile
      to={paths.product.getHref(item._id)}
      linkState={storeReturn}
      testId="store-item"
      image={{
        src: item.imageUrl,
        alt: item.name,
        eager,
        priority,
        sizes: STORE_PICTURE_SIZES,
      }}
    >
      <Heading className={clsx(ui.clamp2, tile.name)}>{item.name}</Heading>
      <div>
        <GradeBadge label={item.gradeLabel} />
      </div>
      <div className={tile.prices}>
        <p className={clsx(ui.h6, styles.price)} data-testid="store-price">
          {formatUsd(item.storePrice)}
        </p>
        <span className={clsx(tile.caption, ui.secondaryText)}>FMV {formatUsd(item.fmv)}</span>
      </div>
      <span className={clsx(tile.caption, ui.secondaryText)} data-testid="fmv-source">
        {item.fmvSource} · {fmvDateFormat.format(new Date(item.fmvUpdatedAt))}
      </span>
    </CardTile>
  );
}

/** A card's place while the grid loads: the same blocks and height as the card it stands for. */
export function StoreItemSkeleton() {
  return (
    <CardTileSkeleton testId="store-item-skeleton">
      <span className={clsx(styles.skeleton, tile.name, styles.nameSkeleton)} />
      <span className={clsx(styles.skeleton, styles.gradeSkeleton)} />
      <span className={clsx(styles.skeleton, styles.priceSkeleton)} />
      <span className={clsx(styles.skeleton, tile.caption, styles.captionSkeleton)} />
    </CardTileSkeleton>
  );
}
