import clsx from 'clsx';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { LISTING_STATUS_LABELS } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { Badge, ButtonLink, Skeleton } from '@/components/ui';
import { ApiError } from '@/lib/api/client';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import { useListing } from '../api/listing';
import { ListingActions } from '../components/ListingActions';
import { CardComps } from '@/components/market/CardComps';
import styles from './ListingPage.module.css';

function BackLink() {
  return (
    <Link to={paths.market.getHref()} className={clsx(ui.textLink, styles.back)}>
      <ArrowLeft aria-hidden size={20} /> Back to the marketplace
    </Link>
  );
}

/**
 * /market/:listingId: the card, its cert, the seller, the price against the FMV and its source,
 * the price history, and what the visitor may do: buy now, make an offer, or (the seller) edit
 * or cancel. A sold, cancelled or paused listing says so and offers no purchase.
 */
export default function ListingPage() {
  const { listingId = '' } = useParams();
  const detail = useListing(listingId);

  if (detail.isPending)
    return (
      <div className={styles.layout} aria-busy="true" aria-label="Loading the listing">
        <Skeleton variant="rounded" height={420} />
        <div className={styles.side}>
          <Skeleton variant="text" height={40} />
          <Skeleton variant="rounded" height={160} />
        </div>
      </div>
    );
  if (detail.isError) {
    const missing =
      detail.error instanceof ApiError &&
      (detail.error.status === 404 || detail.error.status === 400);
    return (
      <div className={styles.missing}>
        <title>Listing not found | Grail Machine</title>
        {missing ? (
          <>
            <h1 className={ui.h4}>Listing not found</h1>
            <p className={ui.secondaryText}>This listing does not exist or was removed.</p>
            <ButtonLink to={paths.market.getHref()} variant="contained">
              Back to the marketplace
            </ButtonLink>
          </>
        ) : (
          <>
            <h1 className={ui.h4}>Could not load this listing</h1>
            <LoadFailed onRetry={() => void detail.refetch()}>
              Please try again in a moment.
            </LoadFailed>
          </>
        )}
      </div>
    );
  }

  const { listing, comps } = detail.data;
  const { card } = listing;
  const below = Math.round((card.fmv - listing.price) * 100) / 100;
  return (
    <article className={styles.page}>
      <title>{`${card.name} | Marketplace | Grail Machine`}</title>
      <BackLink />
      <div className={styles.layout}>
        <div className={styles.picture}>
          <CardImage
            src={card.imageUrl}
            alt={card.name}
            eager
            priority
            sizes="(min-width: 900px) 400px, 90vw"
          />
        </div>
        <div className={styles.side}>
          <div className={styles.badges}>
            <Badge
              tone={listing.status !== 'open' ? 'neutral' : listing.frozen ? 'warning' : 'success'}
              variant="filled"
            >
              {listing.frozen && listing.status === 'open'
                ? 'Paused'
                : LISTING_STATUS_LABELS[listing.status]}
            </Badge>
            <Badge>{card.grade}</Badge>
          </div>
          <h1 className={styles.title}>{card.name}</h1>
          <p className={styles.meta}>
            {[card.player, card.setName, `#${card.cardNumber}`, card.sport, String(card.year)].join(
              ' · ',
            )}
          </p>
          {card.certUrl && card.certNumber && (
            <p className={styles.meta}>
              <a
                href={card.certUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={clsx(ui.textLink, styles.cert)}
                aria-label={`Verify ${card.grader ?? ''} cert ${card.certNumber} (opens in a new tab)`}
                data-testid="listing-cert"
              >
                {card.grader} cert {card.certNumber}
                <ExternalLink aria-hidden size={14} />
              </a>
            </p>
          )}
          <p className={styles.meta}>
            Sold by <strong data-testid="listing-seller">@{listing.seller}</strong>
            {listing.status === 'sold' && listing.soldAt
              ? ` · sold ${dateTimeFormat.format(new Date(listing.soldAt))}`
              : ` · listed ${dateTimeFormat.format(new Date(listing.createdAt))}`}
          </p>
          <div className={styles.prices}>
            {/* A figure, not a paragraph: a large bold <p> reads as a heading (axe p-as-heading). */}
            <div className={styles.price} data-testid="listing-price">
              {formatUsd(listing.price)}
            </div>
            <p className={styles.meta}>
              FMV {formatUsd(card.fmv)}
              {below > 0
                ? ` · ${formatUsd(below)} below FMV`
                : below < 0
                  ? ` · ${formatUsd(-below)} above FMV`
                  : ''}
            </p>
            <p className={styles.source}>
              FMV source: {card.fmvSource}, {dateTimeFormat.format(new Date(card.fmvUpdatedAt))}
            </p>
            {listing.acceptsOffers && listing.status === 'open' && (
              <p className={styles.source}>
                Open to offers
                {listing.minOffer !== null ? ` from ${formatUsd(listing.minOffer)}` : ''}.
              </p>
            )}
          </div>
          <ListingActions listing={listing} />
        </div>
      </div>
      <CardComps comps={comps} />
    </article>
  );
}
