import clsx from 'clsx';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { BreakHitStatus, MyBreak, MyHit } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { useBreakHitActions, useMyBreaks } from '@/lib/api/breaks';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { SellBackDialog } from '@/components/PullDecisionDialogs';
import { TrackingLink } from '@/components/TrackingLink';
import { Alert, Badge, Button, Skeleton } from '@/components/ui';
import { DashboardEmpty } from './DashboardEmpty';
import styles from './BreaksTab.module.css';
import tab from './tab.module.css';
import ui from '@/lib/styles/ui.module.css';
import { LoadFailed } from '@/components/ui/LoadFailed';

const HIT_STATUS: Record<
  BreakHitStatus,
  { label: string; tone: 'neutral' | 'info' | 'primary' | 'success' | 'warning' }
> = {
  held: { label: 'Yours', tone: 'info' },
  house: { label: 'House', tone: 'neutral' },
  claimed: { label: 'Claimed', tone: 'primary' },
  shipped: { label: 'Shipped', tone: 'success' },
  sold_back: { label: 'Sold back', tone: 'warning' },
};

const BREAK_STATUS: Record<MyBreak['break']['status'], string> = {
  draft: 'Draft',
  open: 'Filling',
  filled: 'Upcoming',
  live: 'Live',
  completed: 'Ended',
  cancelled: 'Cancelled',
};

const date = (iso: string) => dateTimeFormat.format(new Date(iso));

function HitRow({ hit, actions }: { hit: MyHit; actions: ReturnType<typeof useBreakHitActions> }) {
  const { sellBack } = actions;
  const [confirming, setConfirming] = useState(false);
  const busy = sellBack.isPending && sellBack.variables === hit._id;
  const error = sellBack.variables === hit._id ? sellBack.error : null;
  const status = HIT_STATUS[hit.status];
  return (
    <div data-testid="my-break-hit" className={styles.hit}>
      <CardImage src={hit.imageUrl ?? undefined} alt={hit.cardName} sizes="56px" />
      <div className={styles.info}>
        <p className={tab.cardName}>{hit.cardName}</p>
        <p className={tab.cardMeta}>{[hit.team, hit.detail].filter(Boolean).join(' · ')}</p>
        <div className={styles.status}>
          <Badge tone={status.tone} variant="filled">
            {status.label}
          </Badge>
          {hit.soldBackFor !== null && (
            <span className={styles.small}>Sold back for {formatUsd(hit.soldBackFor)}</span>
          )}
        </div>
        {error && (
          <Alert severity="error" className={styles.spaced}>
            {error.message}
          </Alert>
        )}
      </div>
      {hit.buybackPrice !== null && (
        <Button
          size="small"
          variant="outlined"
          disabled={busy}
          onClick={() => setConfirming(true)}
          className={styles.sellBack}
        >
          Sell back for {formatUsd(hit.buybackPrice)}
        </Button>
      )}
      <SellBackDialog
        offer={
          hit.buybackPrice === null
            ? null
            : { id: hit._id, cardName: hit.cardName, amount: hit.buybackPrice }
        }
        open={confirming}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          sellBack.mutate(hit._id);
        }}
      />
    </div>
  );
}

function BreakPanel({
  mine,
  actions,
}: {
  mine: MyBreak;
  actions: ReturnType<typeof useBreakHitActions>;
}) {
  const b = mine.break;
  const { claim } = actions;
  const claiming = claim.isPending && claim.variables === b._id;
  const claimError = claim.variables === b._id ? claim.error : null;
  const held = mine.hits.filter((h) => h.status === 'held').length;
  const live = mine.spots.filter((s) => !s.refundedAt);
  const refunded = mine.spots.filter((s) => s.refundedAt);
  return (
    <div className={clsx(ui.paper, styles.panel)} data-testid="my-break">
      <div className={styles.head}>
        <Badge>{BREAK_STATUS[b.status]}</Badge>
        <RouterLink to={paths.breakDetail.getHref(b._id)} className={styles.title}>
          {b.title}
        </RouterLink>
      </div>
      {live.length > 0 && (
        <ul className={styles.spots} aria-label="Your spots">
          {live.map((s) => (
            <li key={s.spotNumber}>
              Spot {s.spotNumber}: <strong>{s.team ?? 'team drawn when the break runs'}</strong> ·{' '}
              {formatUsd(s.price)}
            </li>
          ))}
        </ul>
      )}
      {refunded.length > 0 && (
        <p className={styles.refunded}>
          {refunded.length} spot{refunded.length === 1 ? '' : 's'} refunded to your wallet (
          {formatUsd(refunded.reduce((sum, s) => sum + Math.round(s.price * 100), 0) / 100)}).
        </p>
      )}
      {mine.hits.length > 0 ? (
        <div className={styles.hits}>
          {mine.hits.map((h) => (
            <HitRow key={h._id} hit={h} actions={actions} />
          ))}
        </div>
      ) : (
        b.status !== 'cancelled' && (
          <p className={tab.cardMeta}>
            {b.status === 'live'
              ? 'No hits for your teams yet.'
              : b.status === 'completed'
                ? 'Your teams had no hits in this break.'
                : 'Hits of your teams show here as the packs are opened.'}
          </p>
        )
      )}
      {held > 0 && b.status === 'live' && (
        <p className={styles.note}>
          You can claim your hits once the break ends; they ship together.
        </p>
      )}
      {mine.canClaim && (
        <div className={styles.claim}>
          <Button variant="contained" loading={claiming} onClick={() => claim.mutate(b._id)}>
            Claim &amp; ship {held} hit{held === 1 ? '' : 's'}{' '}
            {mine.claimFee > 0 ? `for ${formatUsd(mine.claimFee)}` : 'free'}
          </Button>
          <p className={tab.cardMeta}>
            One package to your saved address, shipped within 48 hours; the shipping fee is paid
            from your wallet. Your hits wait in your vault until then.
          </p>
        </div>
      )}
      {claimError && (
        <Alert severity="error" className={styles.spaced}>
          {claimError.message}{' '}
          {/address/i.test(claimError.message) && (
            <RouterLink to={paths.completeProfile.getHref()} className={styles.link}>
              Add your address
            </RouterLink>
          )}
        </Alert>
      )}
      {mine.shipment && (
        <Alert
          severity={mine.shipment.status === 'pending' ? 'info' : 'success'}
          className={styles.shipment}
        >
          {mine.shipment.status === 'pending' ? (
            `Claimed: we ship your hits by ${date(mine.shipment.shipBy)}.`
          ) : (
            <>
              Shipped with {mine.shipment.carrier}, tracking{' '}
              {mine.shipment.trackingNumber && (
                <TrackingLink
                  carrier={mine.shipment.carrier}
                  trackingNumber={mine.shipment.trackingNumber}
                />
              )}
              .
            </>
          )}
        </Alert>
      )}
    </div>
  );
}

/** Dashboard 'Breaks': the collector's spots and hits, claimed together or sold back. */
export function BreaksTab() {
  const mine = useMyBreaks();
  const actions = useBreakHitActions();
  return (
    <div className={tab.tab}>
      <h2 className={tab.heading}>Breaks</h2>
      {mine.isPending && (
        <div className={tab.loading} role="status" aria-label="Loading your breaks">
          {[0, 1].map((i) => (
            <Skeleton key={i} variant="rounded" height={140} />
          ))}
        </div>
      )}
      {mine.isError && <LoadFailed onRetry={mine.refetch}>Could not load your breaks.</LoadFailed>}
      {mine.data?.length === 0 && (
        <DashboardEmpty to={paths.breaks.getHref()} action="Browse breaks">
          You have no break spots yet.
        </DashboardEmpty>
      )}
      {mine.data?.map((m) => (
        <BreakPanel key={m.break._id} mine={m} actions={actions} />
      ))}
    </div>
  );
}
