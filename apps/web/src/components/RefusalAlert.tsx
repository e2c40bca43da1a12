import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { Alert, Button } from '@/components/ui';
import type { LimitsResponse, RefusalReason } from '@grail/contract';
import { isProfileReason, refusalOf } from '@/lib/api/refusal';
import { depositAllowed, purchaseStop } from '@/lib/api/limits';
import { formatMoment, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import styles from './RefusalAlert.module.css';

const limitsHref = paths.dashboard.getHref({ tab: 'limits' });

/** The link to what settles a refusal: the profile, or the Limits tab. */
function SettleLink({ reason }: { reason: RefusalReason | undefined }) {
  const location = useLocation();
  if (!reason) return null;
  if (reason === 'two_factor_required') {
    return (
      <RouterLink className={styles.link} to={paths.totpSetup.getHref()}>
        Turn on two-factor
      </RouterLink>
    );
  }
  if (isProfileReason(reason)) {
    return reason === 'profile_incomplete' ? (
      <RouterLink
        className={styles.link}
        to={paths.completeProfile.getHref({
          redirectTo: `${location.pathname}${location.search}`,
        })}
      >
        Complete your profile
      </RouterLink>
    ) : (
      <RouterLink className={styles.link} to={paths.dashboard.getHref()}>
        Verify your email
      </RouterLink>
    );
  }
  return (
    <RouterLink className={styles.link} to={limitsHref}>
      See your limits
    </RouterLink>
  );
}

/** A failed purchase or top-up: its message, in local time, and a link to what applies. */
export function RefusalAlert({ error }: { error: unknown }) {
  const refusal = refusalOf(error);
  if (!refusal) return null;
  return (
    <Alert severity="error">
      {refusal.message} <SettleLink reason={refusal.reason} />
    </Alert>
  );
}

/**
 * What a limit would refuse, said before the collector tries (and before a top-up is offered
 * for a purchase that could not then be made); nothing when the limits allow `amount`.
 */
export function LimitStopAlert({
  limits,
  amount,
}: {
  limits: LimitsResponse | undefined;
  amount: number;
}) {
  const stop = purchaseStop(limits, amount);
  if (!stop) return null;
  const text =
    stop.kind === 'self_excluded'
      ? 'You are self-excluded: purchases are stopped.'
      : stop.kind === 'time_out'
        ? `You are on a time-out until ${formatMoment(stop.until)}: purchases are paused.`
        : `This would pass your spending limit: ${formatUsd(stop.window.remaining!)} is left.${
            stop.window.resetsAt
              ? ` More becomes available from ${formatMoment(stop.window.resetsAt)}.`
              : ''
          }`;
  return (
    <Alert severity="warning">
      {text}{' '}
      <RouterLink className={styles.link} to={limitsHref}>
        See your limits
      </RouterLink>
    </Alert>
  );
}

/**
 * The shortfall of a purchase and a top-up that covers it, or, when that top-up would pass a
 * deposit limit, the limit instead of a button the server would refuse.
 */
export function TopUpOffer({
  limits,
  amount,
  pending,
  onTopUp,
  children,
}: {
  limits: LimitsResponse | undefined;
  /** The top-up offered, in dollars. */
  amount: number;
  pending: boolean;
  onTopUp: () => void;
  /** What is short. */
  children: ReactNode;
}) {
  const allowed = depositAllowed(limits, amount);
  return (
    <Alert
      severity="warning"
      action={
        allowed && (
          <Button size="small" disabled={pending} onClick={onTopUp}>
            Add {formatUsd(amount)}
          </Button>
        )
      }
    >
      {children}
      {!allowed && (
        <>
          {' '}
          A top-up of {formatUsd(amount)} would pass your deposit limit.{' '}
          <RouterLink className={styles.link} to={limitsHref}>
            See your limits
          </RouterLink>
        </>
      )}
    </Alert>
  );
}
