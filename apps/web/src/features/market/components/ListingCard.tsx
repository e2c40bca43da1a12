import clsx from 'clsx';
import type { Listing } from '@grail/contract';
import { CardTile, CardTileSkeleton, tile } from '@/components/CardTile';
import { formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import styles from './ListingCard.module.css';

const SIZES = '(min-width: 1200px) 260px, (min-width: 600px) 30vw, 45vw';

/** One listing in the marketplace grid: picture, name, grade, price, FMV and the seller's handle. */
export function ListingCard({ listing, eager = false }: { listing: Listing; eager?: boolean }) {
  const { card } = listing;
  return (
    <CardTile
      to={paths.marketListing.getHref(listing._id)}
      testId="market-listing"
      image={{ src: card.imageUrl, alt: card.name, eager, sizes: SIZES }}
      compact
    >
      <h2 className={clsx(ui.clamp2, tile.name)}>{card.name}</h2>
      <span className={styles.grade}>{card.grade}</span>
      <div className={tile.prices}>
        <div className={styles.price} data-testid="market-price">
          {formatUsd(listing.price)}
        </div>
        <span className={clsx(tile.caption, ui.secondaryText)}>FMV {formatUsd(card.fmv)}</span>
      </div>
      <span className={clsx(tile.caption, ui.secondaryText)}>Sold by @{listing.seller}</span>
    </CardTile>
  );
}

/** A listing's place while the grid loads. */
export function ListingCardSkeleton() {
  return (
    <CardTileSkeleton compact>
      <span className={clsx(styles.skeleton, styles.lineSkeleton)} />
      <span className={clsx(styles.skeleton, styles.shortSkeleton)} />
    </CardTileSkeleton>
  );
}
