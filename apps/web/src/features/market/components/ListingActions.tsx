import { useState } from 'react';
import { Link } from 'react-router';
import type { Listing } from '@grail/contract';
import { OwnListingActions } from '@/components/market/OwnListingActions';
import { PurchaseDialog } from '@/components/purchase/PurchaseDialog';
import { SummaryRow } from '@/components/SummaryRow';
import { Alert, Button, ButtonLink } from '@/components/ui';
import { useAuth } from '@/lib/auth';
import { useReturnPath } from '@/lib/auth/returnPath';
import { formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import { notify } from '@/lib/toast';
import { useBuyListing } from '../api/useBuyListing';
import { MakeOfferDialog } from './MakeOfferDialog';
import { ProposeTradeDialog } from './ProposeTradeDialog';
import styles from './ListingActions.module.css';

/** Why a listing cannot be bought, or null while it can. */
function closedText(listing: Listing): string | null {
  if (listing.status === 'sold') return 'This card has been sold.';
  if (listing.status === 'cancelled') return 'The seller took this listing down.';
  if (listing.frozen)
    return 'Sales of this listing are paused while our staff review it. Please check back later.';
  return null;
}

/**
 * What a collector can do with a listing: Buy now, Make an offer and Propose a trade (signed out,
 * sign in first);
 * on their own listing, edit the price or cancel it; on a closed one, why it cannot be bought.
 */
export function ListingActions({ listing }: { listing: Listing }) {
  const { isLoggedIn, user } = useAuth();
  const returnPath = useReturnPath();
  const buy = useBuyListing();
  const [buying, setBuying] = useState(false);
  const [offering, setOffering] = useState(false);
  const [bought, setBought] = useState(false);
  const [trading, setTrading] = useState(false);
  const [traded, setTraded] = useState(false);
  const own = isLoggedIn && user?.username === listing.seller;
  const closed = closedText(listing);

  if (bought)
    return (
      <Alert severity="success">
        You bought this card: it is in your vault.{' '}
        <Link to={paths.vault.getHref()} className={ui.textLink}>
          Go to your vault
        </Link>
      </Alert>
    );
  if (closed)
    return (
      <Alert severity={listing.status === 'open' ? 'warning' : 'info'}>
        <span data-testid="listing-closed">{closed}</span>
      </Alert>
    );
  if (own)
    return (
      <>
        <p className={styles.note}>This is your listing.</p>
        <OwnListingActions listing={listing} size="large" className={styles.actions} />
      </>
    );
  if (!isLoggedIn) {
    const signIn = paths.login.getHref({ redirectTo: returnPath });
    return (
      <>
        <div className={styles.actions}>
          <ButtonLink to={signIn} variant="contained" size="large">
            Sign in to buy
          </ButtonLink>
          {listing.acceptsOffers && (
            <ButtonLink to={signIn} variant="outlined" size="large">
              Sign in to make an offer
            </ButtonLink>
          )}
        </div>
        <p className={styles.note}>Buying and offers are paid from your wallet.</p>
      </>
    );
  }
  return (
    <>
      <div className={styles.actions}>
        <Button variant="contained" size="large" onClick={() => setBuying(true)}>
          Buy now for {formatUsd(listing.price)}
        </Button>
        {listing.acceptsOffers && (
          <Button variant="outlined" size="large" onClick={() => setOffering(true)}>
            Make an offer
          </Button>
        )}
        <Button variant="outlined" size="large" onClick={() => setTrading(true)}>
          Propose a trade
        </Button>
      </div>
      <p className={styles.note}>
        Paid from your wallet; the card moves to your vault at once. No buyer&apos;s premium.
      </p>
      {traded && (
        <Alert severity="success">
          Your trade is sent: your cards and cash are held until @{listing.seller} answers.{' '}
          <Link to={paths.vault.getHref({ tab: 'trades' })} className={ui.textLink}>
            See your trades
          </Link>
        </Alert>
      )}
      <PurchaseDialog
        open={buying}
        onClose={() => setBuying(false)}
        title="Buy now"
        amount={listing.price}
        purchase={buy}
        payLabel={`Pay ${formatUsd(listing.price)}`}
        summary={
          <>
            <p className={styles.cardName}>{listing.card.name}</p>
            <SummaryRow label="Seller" value={`@${listing.seller}`} />
            <SummaryRow label="Price" value={formatUsd(listing.price)} strong />
          </>
        }
        terms="The price is paid from your wallet now and the card moves to your vault. Ship it whenever you like."
        shortfall={(short) => `Add ${short} to your wallet to buy this card.`}
        signedOut="Sign in to buy this card."
        returnPath={paths.marketListing.getHref(listing._id)}
        onConfirm={(idempotencyKey, renewKey) =>
          buy.mutate(
            { listingId: listing._id, price: listing.price, idempotencyKey },
            {
              onSuccess: () => {
                renewKey();
                setBuying(false);
                setBought(true);
                notify.success(`Bought: ${listing.card.name} is in your vault.`);
              },
              // Refused: nothing was written, so the next confirmation is a new purchase.
              onError: renewKey,
            },
          )
        }
      />
      {offering && <MakeOfferDialog listing={listing} onClose={() => setOffering(false)} />}
      {trading && (
        <ProposeTradeDialog
          listing={listing}
          onClose={() => setTrading(false)}
          onSent={() => {
            setTrading(false);
            setTraded(true);
          }}
        />
      )}
    </>
  );
}
