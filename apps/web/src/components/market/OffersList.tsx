import { useRef, useState } from 'react';
import clsx from 'clsx';
import { Link } from 'react-router';
import { OFFER_STATUS_LABELS, type Offer } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { Badge, Button, Skeleton } from '@/components/ui';
import { ApiError } from '@/lib/api/client';
import { useAcceptOffer, useDeclineOffer, useMyOffers, useWithdrawOffer } from '@/lib/api/market';
import { formatMoment, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import { notify } from '@/lib/toast';
import { CounterDialog } from './CounterDialog';
import styles from './market.module.css';

const failed = (fallback: string) => (error: unknown) =>
  notify.error(error instanceof ApiError ? error.message : fallback);

/** Who is on the other side of the offer, and who named the amount on the table. */
function summary(offer: Offer): string {
  const from =
    offer.role === 'seller' ? `Offer from @${offer.buyer}` : `Your offer to @${offer.seller}`;
  const named =
    offer.by === offer.role
      ? 'your amount'
      : offer.by === 'seller'
        ? "the seller's counter"
        : "the buyer's offer";
  return `${from} · ${named}`;
}

/**
 * The collector's open offers, made and received, the ones waiting for their answer first: accept
 * the amount shown, counter, decline, or (the buyer) withdraw. A refusal shows the server's words.
 */
export function OffersList() {
  const offers = useMyOffers();
  const accept = useAcceptOffer();
  const decline = useDeclineOffer();
  const withdraw = useWithdrawOffer();
  const [countering, setCountering] = useState<Offer | null>(null);
  // One Idempotency-Key per acceptance of an offer, kept while it is sent (a double click pays once).
  const keys = useRef(new Map<string, string>());
  const busy = (offerId: string, m: { isPending: boolean; variables?: unknown }) =>
    m.isPending &&
    (m.variables === offerId ||
      (m.variables as { offerId?: string } | undefined)?.offerId === offerId);

  if (offers.isPending)
    return (
      <div className={ui.stackList} aria-busy="true">
        {[0, 1].map((i) => (
          <Skeleton key={i} variant="rounded" height={96} />
        ))}
      </div>
    );
  if (offers.isError)
    return (
      <LoadFailed onRetry={() => void offers.refetch()}>Could not load your offers.</LoadFailed>
    );
  const list = [...offers.data.offers].sort((a, b) => Number(b.yourTurn) - Number(a.yourTurn));
  if (list.length === 0)
    return (
      <p className={clsx(ui.paper, styles.empty)} data-testid="offers-empty">
        No open offers. Offers you make on listings, and offers on your listings, appear here.
      </p>
    );

  const onAccept = (offer: Offer) => {
    const key = keys.current.get(offer._id) ?? crypto.randomUUID();
    keys.current.set(offer._id, key);
    accept.mutate(
      { offerId: offer._id, amount: offer.amount, idempotencyKey: key },
      {
        onSuccess: () => {
          keys.current.delete(offer._id);
          notify.success(
            offer.role === 'seller'
              ? `Sold for ${formatUsd(offer.amount)}: ${offer.listing.card.name}.`
              : `Bought for ${formatUsd(offer.amount)}: ${offer.listing.card.name} is in your vault.`,
          );
        },
        onError: (error) => {
          // Refused: nothing was written, so the next try is a new acceptance.
          keys.current.delete(offer._id);
          failed('Could not accept the offer.')(error);
        },
      },
    );
  };

  return (
    <>
      <ul className={ui.stackList} aria-label="Your offers">
        {list.map((offer) => (
          <li
            key={offer._id}
            className={clsx(ui.paper, styles.row, offer.yourTurn && styles.yourTurn)}
            data-testid="offer"
          >
            <div className={styles.thumb}>
              <CardImage
                src={offer.listing.card.imageUrl}
                alt={offer.listing.card.name}
                sizes="64px"
              />
            </div>
            <div className={styles.info}>
              <div className={styles.badges}>
                {offer.yourTurn ? (
                  <Badge tone="warning" variant="filled">
                    Your answer
                  </Badge>
                ) : (
                  <Badge tone="info">
                    {offer.status === 'open'
                      ? 'Waiting for the other side'
                      : OFFER_STATUS_LABELS[offer.status]}
                  </Badge>
                )}
                <span className={styles.note}>{summary(offer)}</span>
              </div>
              <h3 className={styles.name}>
                <Link to={paths.marketListing.getHref(offer.listing._id)} className={ui.textLink}>
                  {offer.listing.card.name}
                </Link>
              </h3>
              <dl className={clsx(ui.figures, styles.figures)}>
                <div>
                  <dt>On the table</dt>
                  <dd data-testid="offer-amount">{formatUsd(offer.amount)}</dd>
                </div>
                <div>
                  <dt>Listed at</dt>
                  <dd>{formatUsd(offer.listing.price)}</dd>
                </div>
                {offer.role === 'buyer' && (
                  <div>
                    <dt>Held from your wallet</dt>
                    <dd>{formatUsd(offer.held)}</dd>
                  </div>
                )}
              </dl>
              <p className={styles.note}>Expires {formatMoment(offer.expiresAt)}</p>
            </div>
            {offer.status === 'open' && (
              <div className={styles.actions}>
                {offer.yourTurn && (
                  <>
                    <Button
                      size="small"
                      variant="contained"
                      loading={busy(offer._id, accept)}
                      onClick={() => onAccept(offer)}
                    >
                      Accept {formatUsd(offer.amount)}
                    </Button>
                    <Button size="small" variant="outlined" onClick={() => setCountering(offer)}>
                      Counter
                    </Button>
                    {offer.role === 'seller' && (
                      <Button
                        size="small"
                        color="error"
                        loading={busy(offer._id, decline)}
                        onClick={() =>
                          decline.mutate(offer._id, {
                            onSuccess: () =>
                              notify.success('Offer declined: its hold is released.'),
                            onError: failed('Could not decline the offer.'),
                          })
                        }
                      >
                        Decline
                      </Button>
                    )}
                  </>
                )}
                {offer.role === 'buyer' && (
                  <Button
                    size="small"
                    color="error"
                    loading={busy(offer._id, withdraw)}
                    onClick={() =>
                      withdraw.mutate(offer._id, {
                        onSuccess: () =>
                          notify.success('Offer withdrawn: the amount is back in your wallet.'),
                        onError: failed('Could not withdraw the offer.'),
                      })
                    }
                  >
                    Withdraw
                  </Button>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      {countering && <CounterDialog offer={countering} onClose={() => setCountering(null)} />}
    </>
  );
}
