import { useCallback, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import clsx from 'clsx';
import type { Pull } from '@grail/contract';
import { ApiError } from '@/lib/api/client';
import { PullDecisionButtons, usePullDecision } from '@/components/PullDecisionDialogs';
import { useMyPull, usePullActions } from '@/lib/api/pulls';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { PackReveal } from '../components/PackReveal';
import { SeveralPullsReveal } from '../components/SeveralPullsReveal';
import { revealPending } from '../lib/pendingReveals';
import { paths } from '@/lib/paths';
import { TrackingLink } from '@/components/TrackingLink';
import { NotFoundPage } from '@/app/pages/NotFoundPage';
import { isNotFound } from '@/lib/api/notFound';
import { Alert, Badge, ButtonLink, Card, Spinner } from '@/components/ui';
import ui from '@/lib/styles/ui.module.css';
import styles from './GrailRevealPage.module.css';

const shipByText = (iso: string) => dateTimeFormat.format(new Date(iso));

function PullActions({ pull }: { pull: Pull }) {
  const actions = usePullActions();
  const { claim, sellBack } = actions;
  const failure = (claim.error ?? sellBack.error) as ApiError | Error | null;
  const busy = claim.isPending || sellBack.isPending;
  const { decide, dialogs } = usePullDecision(pull, busy, actions);
  return (
    <div className={styles.stack}>
      {dialogs}
      {pull.status === 'revealed' && (
        <div className={styles.decisions}>
          <PullDecisionButtons pull={pull} busy={busy} size="large" onDecide={decide} />
        </div>
      )}
      {busy && <Spinner label="Working" />}
      {failure && <Alert severity="error">{failure.message}</Alert>}
      {pull.status === 'claimed' && pull.shipment && (
        <Alert severity="success">
          Claimed! We ship it by {shipByText(pull.shipment.shipBy)}. Track it in{' '}
          <RouterLink className={ui.textLink} to={paths.dashboard.getHref()}>
            My Pulls
          </RouterLink>
          .
        </Alert>
      )}
      {pull.status === 'shipped' && pull.shipment && (
        <Alert severity="success">
          Shipped with {pull.shipment.carrier}, tracking{' '}
          {pull.shipment.trackingNumber && (
            <TrackingLink
              carrier={pull.shipment.carrier}
              trackingNumber={pull.shipment.trackingNumber}
            />
          )}
          .
        </Alert>
      )}
      {pull.status === 'sold_back' && pull.soldBackFor !== null && (
        <Alert severity="info">
          {pull.autoSold ? 'Sold back automatically by your auto-sell rule' : 'Sold back'}:{' '}
          {formatUsd(pull.soldBackFor)} is in your wallet.
        </Alert>
      )}
      {pull.sellBack && pull.status === 'revealed' && (
        <p className={clsx(ui.body2, ui.secondaryText)}>
          Sell-back pays {pull.sellBack.percent}% of FMV until {shipByText(pull.sellBack.until)}.
        </p>
      )}
      <ButtonLink to={paths.grailMachine.getHref()} size="large">
        Buy another pack
      </ButtonLink>
    </div>
  );
}

export default function GrailRevealPage() {
  const [params] = useSearchParams();
  const several = params.get('pulls');
  if (several) return <SeveralPullsReveal ids={several.split(',').filter(Boolean)} />;
  return <OnePullReveal pullId={params.get('pull')} />;
}

/** The reveal of one pack's pull, or of the pulls of a purchase of several (`?pulls=a,b,c`). */
function OnePullReveal({ pullId }: { pullId: string | null }) {
  const query = useMyPull(pullId);
  // The reveal plays only for a pack just opened here; any other visit shows the card at once.
  const [play] = useState(() => pullId !== null && revealPending(pullId));
  const [revealed, setRevealed] = useState(!play);
  const onRevealed = useCallback(() => setRevealed(true), []);

  if (!pullId) {
    return (
      <div className={styles.message}>
        <h1 className={ui.h4}>Grail Reveal</h1>
        <p className={clsx(ui.body1, ui.secondaryText)}>
          Open a pack on the Grail Machine to reveal your card here.
        </p>
        <ButtonLink to={paths.grailMachine.getHref()} variant="contained">
          Go to the Grail Machine
        </ButtonLink>
      </div>
    );
  }
  if (query.isPending) {
    return (
      <div className={styles.loading} role="status">
        <Spinner size={40} label={null} />
        <p className={ui.body1}>Loading your pull…</p>
      </div>
    );
  }
  if (query.isError) {
    if (isNotFound(query.error)) return <NotFoundPage />;
    const status = query.error instanceof ApiError ? query.error.status : 0;
    return (
      <div className={styles.message}>
        <h1 className={ui.h4}>Grail Reveal</h1>
        <Alert severity="error">
          {status === 401
            ? 'Sign in to see your pull.'
            : 'Could not load this pull. Please try again.'}
        </Alert>
      </div>
    );
  }
  const { pull } = query.data;
  const cert = pull.card.certUrl;
  return (
    <div className={styles.page}>
      <h1 className={clsx(ui.h4, styles.title)} aria-live="polite">
        {revealed ? 'Your pull!' : 'Opening your pack…'}
      </h1>
      {/* One centred column while the pack opens; the card's details join it beside, after. */}
      <div className={styles.layout} data-revealed={revealed}>
        <PackReveal pull={pull} play={play} onRevealed={onRevealed} />
        {revealed && (
          <Card className={styles.details}>
            <div className={styles.stack}>
              <div className={styles.badges}>
                <Badge>{`pull #${pull.k} of ${pull.totalItems}`}</Badge>
                {pull.card.tier && (
                  <Badge tone="primary" variant="filled">
                    {pull.card.tier}
                  </Badge>
                )}
              </div>
              <h2 className={styles.cardName}>{pull.card.name}</h2>
              <p className={ui.body1}>
                Grade: <strong>{pull.card.grade}</strong>
                {pull.card.certNumber && (
                  <>
                    {' · Cert '}
                    {cert ? (
                      <a
                        className={ui.textLink}
                        href={cert}
                        target="_blank"
                        rel="noopener noreferrer"
                      >
                        {pull.card.certNumber}
                      </a>
                    ) : (
                      pull.card.certNumber
                    )}
                  </>
                )}
              </p>
              <p className={ui.h6}>FMV {formatUsd(pull.card.fmv)}</p>
              <p className={clsx(ui.body2, ui.secondaryText)}>
                From {pull.caseName} · pack price {formatUsd(pull.price)}
              </p>
              <PullActions pull={pull} />
            </div>
          </Card>
        )}
      </div>
    </div>
  );
}
