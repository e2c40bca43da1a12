import clsx from 'clsx';
import { Link } from 'react-router';
import { LISTING_STATUS_LABELS } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { Badge, ButtonLink, Skeleton } from '@/components/ui';
import { useSelling } from '@/lib/api/market';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import { OwnListingActions } from './OwnListingActions';
import styles from './market.module.css';

const offersText = (n: number) => `${n} open offer${n === 1 ? '' : 's'}`;

/** The collector's listings (the vault's Selling tab): status, open offers, proceeds, edit, cancel. */
export function SellingList() {
  const selling = useSelling();

  if (selling.isPending)
    return (
      <div className={ui.stackList} aria-busy="true">
        {[0, 1].map((i) => (
          <Skeleton key={i} variant="rounded" height={96} />
        ))}
      </div>
    );
  if (selling.isError)
    return (
      <LoadFailed onRetry={() => void selling.refetch()}>Could not load your listings.</LoadFailed>
    );
  const { listings, feePercent } = selling.data;
  return (
    <>
      <p className={ui.secondaryText}>
        One seller fee of {feePercent}% comes out of the price when a card sells; buyers pay no
        premium. What you receive reaches your wallet at once.
      </p>
      {listings.length === 0 ? (
        <div className={clsx(ui.paper, styles.empty)} data-testid="selling-empty">
          <p>You have no listings yet. List a card from your vault to sell it to collectors.</p>
          <ButtonLink to={paths.market.getHref()} variant="outlined">
            Browse the marketplace
          </ButtonLink>
        </div>
      ) : (
        <ul className={ui.stackList} aria-label="Your listings">
          {listings.map((l) => (
            <li key={l._id} className={clsx(ui.paper, styles.row)} data-testid="selling-listing">
              <div className={styles.thumb}>
                <CardImage src={l.card.imageUrl} alt={l.card.name} sizes="64px" />
              </div>
              <div className={styles.info}>
                <div className={styles.badges}>
                  <Badge tone={l.status === 'open' ? 'success' : 'neutral'} variant="filled">
                    {LISTING_STATUS_LABELS[l.status]}
                  </Badge>
                  {l.frozen && <Badge tone="warning">Paused by staff</Badge>}
                </div>
                <h3 className={styles.name}>
                  <Link to={paths.marketListing.getHref(l._id)} className={ui.textLink}>
                    {l.card.name}
                  </Link>
                </h3>
                <dl className={clsx(ui.figures, styles.figures)}>
                  <div>
                    <dt>Price</dt>
                    <dd>{formatUsd(l.price)}</dd>
                  </div>
                  <div>
                    <dt>{l.status === 'sold' ? 'You received' : 'You receive'}</dt>
                    <dd data-testid="selling-proceeds">{formatUsd(l.proceeds)}</dd>
                  </div>
                  <div>
                    <dt>Offers</dt>
                    <dd>{l.acceptsOffers ? offersText(l.openOffers) : 'Not taking offers'}</dd>
                  </div>
                </dl>
                <p className={styles.note}>
                  {l.soldAt
                    ? `Sold ${dateTimeFormat.format(new Date(l.soldAt))}`
                    : `Listed ${dateTimeFormat.format(new Date(l.createdAt))}`}
                </p>
              </div>
              {l.status === 'open' && (
                <OwnListingActions listing={l} size="small" className={styles.actions} />
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
