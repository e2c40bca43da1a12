import type { ReactNode } from 'react';
import { Button, ButtonLink, Dialog } from '@/components/ui';
import { formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { LimitStopAlert, RefusalAlert, TopUpOffer } from '@/components/RefusalAlert';
import { SummaryRow } from '@/components/SummaryRow';
import { usePurchaseConfirmation } from './usePurchaseConfirmation';
import styles from './PurchaseDialog.module.css';

/** The purchase's request as the dialog sees it (a TanStack mutation). */
interface PurchaseState {
  isPending: boolean;
  error: unknown;
  reset: () => void;
}

/**
 * The confirmation before paying from the wallet: what is bought, the balance, the terms, the
 * shortfall with a top-up that covers it, what a limit would refuse, and the server's refusal
 * (a 403 names what settles it). Signed out, it asks the collector to sign in first.
 */
export function PurchaseDialog({
  open,
  onClose,
  title,
  amount,
  purchase,
  onConfirm,
  payLabel,
  summary,
  terms,
  shortfall,
  signedOut,
  returnPath,
  ready = true,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What the collector pays, in dollars. */
  amount: number;
  purchase: PurchaseState;
  /** Sends the purchase with this confirmation's key; `renewKey` once it went through. */
  onConfirm: (idempotencyKey: string, renewKey: () => void) => void;
  payLabel: string;
  /** The rows above the balance: what is bought and its price. */
  summary: ReactNode;
  terms: ReactNode;
  /** The sentence for what is short. */
  shortfall: (short: string) => ReactNode;
  signedOut: ReactNode;
  /** Where sign-in and a top-up come back to. */
  returnPath: string;
  /** False while something the purchase sends is still being read or changed. */
  ready?: boolean;
}) {
  const c = usePurchaseConfirmation({ open, amount });
  const close = () => {
    purchase.reset();
    c.renewKey();
    onClose();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title={title}
      actions={
        <>
          <Button onClick={close}>Cancel</Button>
          {c.isLoggedIn ? (
            <Button
              variant="contained"
              onClick={() => onConfirm(c.idempotencyKey, c.renewKey)}
              disabled={c.wallet.isPending || c.short > 0 || c.stopped || !ready}
              loading={purchase.isPending}
            >
              {payLabel}
            </Button>
          ) : (
            <ButtonLink variant="contained" to={paths.login.getHref({ redirectTo: returnPath })}>
              Sign in
            </ButtonLink>
          )}
        </>
      }
    >
      {!c.isLoggedIn ? (
        <p>{signedOut}</p>
      ) : (
        <div className={styles.body}>
          {summary}
          <SummaryRow
            label="Your balance"
            value={c.wallet.isPending ? '…' : c.balance === undefined ? '—' : formatUsd(c.balance)}
          />
          <hr className={styles.divider} />
          <p className={styles.terms}>{terms}</p>
          <LimitStopAlert limits={c.limits.data} amount={amount} />
          {c.short > 0 && !c.stopped && (
            <TopUpOffer
              limits={c.limits.data}
              amount={c.topUpAmount}
              pending={c.topUp.isPending}
              onTopUp={() => c.topUp.mutate({ amount: c.topUpAmount, returnPath })}
            >
              {shortfall(formatUsd(c.short))}
            </TopUpOffer>
          )}
          <RefusalAlert error={c.topUp.error} />
          <RefusalAlert error={purchase.error} />
        </div>
      )}
    </Dialog>
  );
}
