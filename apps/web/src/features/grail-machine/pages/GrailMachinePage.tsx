import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { useQueryClient } from '@tanstack/react-query';
import {
  NO_CASE_TEXT,
  NO_CASE_TITLE,
  SOLD_OUT_MESSAGE,
  type ActiveCaseResponse,
} from '@grail/contract';
import { caseKeys, useActiveCase } from '@/lib/api/activeCase';
import { useRecentPulls } from '@/lib/api/recentPulls';
import { dateFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import { useCases } from '../api/useCases';
import { useGrailEvents } from '../api/useGrailEvents';
import { useDropQueue } from '../api/useDropQueue';
import { BuyPackDialogOnDemand, loadBuyPackDialog } from '../components/BuyPackDialogOnDemand';
import { CaseChecklist } from '../components/CaseChecklist';
import { CaseStats } from '../components/CaseStats';
import { Countdown } from '../components/Countdown';
import { FairnessExplainer } from '../components/FairnessExplainer';
import { GrailPageFrame } from '../components/GrailPageFrame';
import { RecentPullsStrip } from '../components/RecentPullsStrip';
import { TierOdds } from '../components/TierOdds';
import { TopGrails } from '../components/TopGrails';
import { WaitingRoom } from '../components/WaitingRoom';
import grail from '../components/grail.module.css';
import styles from './GrailMachinePage.module.css';
import { buttonClass } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';

/** When a scheduled case opens: Saturday, November 21, 2026 at 7:04 PM. */
const opensAtFormat = dateFormat({ dateStyle: 'full', timeStyle: 'short' });

/** The dialog's code, asked for once the visitor heads for the buy button. */
const preloadBuyPackDialog = () => void loadBuyPackDialog().catch(() => undefined);

function NoCase() {
  const cases = useCases();
  const last = cases.data?.[0];
  return (
    <div className={clsx(ui.paper, styles.noCase)}>
      {last?.status === 'sold_out' && (
        <span
          className={clsx(grail.chip, grail.chipMedium, grail.chipSecondary, styles.soldOutChip)}
        >
          Sold Out
        </span>
      )}
      <h2 className={clsx(ui.h4, grail.heading, grail.gutter)}>{NO_CASE_TITLE}</h2>
      <p className={clsx(ui.body1, ui.secondaryText, styles.noCaseText)}>{NO_CASE_TEXT}</p>
      {last && (last.status === 'sold_out' || last.status === 'closed') && (
        <p className={clsx(ui.body1, styles.lastCase)}>
          {last.status === 'sold_out'
            ? `${last.name}: ${SOLD_OUT_MESSAGE}`
            : `${last.name} has closed.`}{' '}
          <Link to={paths.fairness.getHref({ case: last.caseId })} className={ui.textLink}>
            Verify its pulls
          </Link>
        </p>
      )}
    </div>
  );
}

function LiveCase({ live }: { live: ActiveCaseResponse }) {
  const queryClient = useQueryClient();
  const [buying, setBuying] = useState(false);
  const opensAt = live.activationTime ? new Date(live.activationTime) : null;
  const upcoming = opensAt !== null && opensAt.getTime() > Date.now();
  const soldOut = live.remaining === 0;
  // A drop with a waiting room sells only to the collector whose turn it is.
  const room = useDropQueue(live.caseId).data;
  const waitForTurn = room?.state === 'admitting' && room.you?.turn !== 'admitted';
  return (
    <div className={styles.liveCase}>
      <div>
        <div className={styles.badges}>
          <span
            className={clsx(
              grail.chip,
              upcoming ? grail.chipInfo : soldOut ? undefined : grail.chipSuccess,
            )}
          >
            {upcoming ? 'Opening soon' : soldOut ? 'Sold Out' : 'Live'}
          </span>
        </div>
        <h2 className={clsx(ui.h4, grail.heading, grail.gutter)}>{live.name}</h2>
        {live.description && <p className={clsx(ui.body1, ui.secondaryText)}>{live.description}</p>}
      </div>

      {upcoming && opensAt && (
        <div className={clsx(ui.paper, styles.opening)}>
          <p className={clsx(ui.body1, grail.gutter)}>Opens {opensAtFormat.format(opensAt)}</p>
          <Countdown
            to={opensAt}
            onDone={() => void queryClient.invalidateQueries({ queryKey: caseKeys.active() })}
          />
        </div>
      )}

      <WaitingRoom caseId={live.caseId} />

      <div className={styles.buying}>
        <div className={styles.purchase}>
          <CaseStats live={live} />
          <button
            type="button"
            disabled={upcoming || soldOut || waitForTurn}
            onClick={() => setBuying(true)}
            onPointerEnter={preloadBuyPackDialog}
            onFocus={preloadBuyPackDialog}
            className={buttonClass({
              variant: 'contained',
              className: clsx(grail.button, styles.buy),
            })}
          >
            {soldOut
              ? SOLD_OUT_MESSAGE
              : waitForTurn
                ? 'Wait for your turn'
                : `Buy a Pack · ${formatUsd(live.packPrice)}`}
          </button>
          <p className={clsx(ui.body2, ui.secondaryText)}>
            One random card from the {live.remaining} still in the case, revealed instantly. Claim
            it and we ship within 48 hours, or sell it back for {live.buybackPercent}% of FMV within{' '}
            {live.buybackWindowHours} hours.
          </p>
        </div>
        <TierOdds tiers={live.tiers} />
      </div>

      <TopGrails caseId={live.caseId} />

      <CaseChecklist caseId={live.caseId} />

      <BuyPackDialogOnDemand live={live} open={buying} onClose={() => setBuying(false)} />
    </div>
  );
}

export default function GrailMachinePage() {
  const active = useActiveCase();
  const recent = useRecentPulls();
  useGrailEvents();
  // An answer that arrives after the page mounts is drawn in a deferred, time-sliced render rather
  // than in the one synchronous render that follows it (on a direct visit the answers are usually
  // there already, and the page mounts with them).
  const status = useDeferredValue(active.status);
  const live = useDeferredValue(active.data);
  const pullsStatus = useDeferredValue(recent.status);
  const pulls = useDeferredValue(recent.data);
  return (
    <GrailPageFrame title="Grail Machine">
      <div className={styles.page}>
        {status === 'pending' ? (
          <div role="status" className={styles.loading}>
            <Spinner size={40} label={null} className={styles.spinner} />
            <p className={clsx(ui.body1, ui.secondaryText)}>Loading Grail Status...</p>
          </div>
        ) : status === 'error' ? (
          <p role="alert" className={grail.alert}>
            Could not load Grail Machine status.
          </p>
        ) : live ? (
          <LiveCase live={live} />
        ) : (
          <NoCase />
        )}
        <RecentPullsStrip
          pulls={pulls}
          loading={pullsStatus === 'pending'}
          failed={pullsStatus === 'error'}
        />
        {status === 'success' && live && (
          <FairnessExplainer
            caseId={live.caseId}
            serverSeedHash={live.serverSeedHash}
            contentsHash={live.contentsHash}
          />
        )}
      </div>
    </GrailPageFrame>
  );
}
