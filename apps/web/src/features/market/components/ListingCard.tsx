import clsx from 'clsx';
import { Link } from 'react-router';
import type { Listing } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import styles from './ListingCard.module.css';

const SIZES = '(min-width: 1200px) 260px, (min-width: 600px) 30vw, 45vw';

/** One listing in the marketplace grid: picture, name, grade, price, FMV and the seller's handle. */
export function ListingCard({ listing, eager = false }: { listing: Listing; eager?: boolean }) {
  const { card } = listing;
  return (
    <div className={clsx(ui.paper, styles.card)} data-testid="market-listing">
      <Link to={paths.marketListing.getHref(listing._id)} className={styles.link}>
        <div className={styles.picture}>
          <CardImage src={card.imageUrl} alt={card.name} eager={eager} sizes={SIZES} />
        </div>
        <div className={styles.content}>
          <h2 className={clsx(ui.clamp2, styles.name)}>{card.name}</h2>
          <span className={styles.grade}>{card.grade}</span>
          <div className={styles.prices}>
            <div className={styles.price} data-testid="market-price">
              {formatUsd(listing.price)}
            </div>
            <span className={styles.caption}>FMV {formatUsd(card.fmv)}</span>
          </div>
          <span className={styles.caption}>Sold by @{listing.seller}</span>
        </div>
      </Link>
    </div>
  );
}

/** A listing's place while the grid loads. */
export function ListingCardSkeleton() {
  return (
    <div className={clsx(ui.paper, styles.card)} aria-hidden>
      <div className={styles.picture}>
        <span className={clsx(styles.skeleton, styles.pictureSkeleton)} />
      </div>
      <div className={styles.content}>
        <span className={clsx(styles.skeleton, styles.lineSkeleton)} />
        <span className={clsx(styles.skeleton, styles.shortSkeleton)} />
      </div>
    </div>
  );
}
