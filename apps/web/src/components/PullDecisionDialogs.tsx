import { useState } from 'react';
import {
  SHIPPING_FEE_SCHEDULE_TEXT,
  shippingFee,
  type Pull,
  type ShippingAddress,
} from '@grail/contract';
import { AddressFields, parseAddress, type AddressErrors } from '@/components/AddressFields';
import type { usePullActions } from '@/lib/api/pulls';
import { useAuth } from '@/lib/auth';
import { formatUsd } from '@/lib/format';
import { Alert, Button, Dialog } from '@/components/ui';
import styles from './PullDecisionDialogs.module.css';

/** What a sell-back pays: the amount, and for a pull its share of the card's FMV. */
export interface SellBackOffer {
  id: string;
  cardName: string;
  amount: number;
  /** The net buyback share of the FMV; a break hit's price is set by staff and has none. */
  percent?: number;
  fmv?: number;
}

/** A pull's sell-back offer, or null when it can no longer be sold back. */
const pullSellBackOffer = (pull: Pull): SellBackOffer | null =>
  pull.sellBack && {
    id: pull._id,
    cardName: pull.card.name,
    amount: pull.sellBack.amount,
    percent: pull.sellBack.percent,
    fmv: pull.card.fmv,
  };

/**
 * Selling back cannot be undone: the dialog states what the wallet receives and what share of the
 * card's value that is before anything is sent. Cancel sends nothing.
 */
export function SellBackDialog({
  offer,
  open,
  busy,
  onCancel,
  onConfirm,
}: {
  offer: SellBackOffer | null;
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  if (!offer) return null;
  const { amount, percent, fmv } = offer;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title="Sell back this card?"
      actions={
        <>
          <Button onClick={onCancel}>Cancel</Button>
          <Button variant="contained" color="secondary" disabled={busy} onClick={onConfirm}>
            Sell back for {formatUsd(amount)}
          </Button>
        </>
      }
    >
      <p className={styles.text}>
        <strong>{formatUsd(amount)}</strong> is added to your wallet now for{' '}
        <strong>{offer.cardName}</strong>
        {percent !== undefined && fmv !== undefined
          ? `: ${percent}% of its fair market value of ${formatUsd(fmv)}.`
          : '.'}
      </p>
      <Alert severity="warning" className={styles.final}>
        This is final: the card goes back to the house and cannot be claimed or shipped afterwards.
      </Alert>
    </Dialog>
  );
}

/** The saved address on one line, as it goes on the parcel. */
const addressLine = (a: Partial<ShippingAddress>) =>
  [a.name, a.line1, a.line2, a.city, [a.state, a.postalCode].filter(Boolean).join(' '), a.country]
    .filter(Boolean)
    .join(', ');

/**
 * Claim & Ship shows where the card goes before it is sent: the saved address, with 'Change
 * address' to ship this one card elsewhere (the profile keeps its address). Cancel sends nothing.
 */
function ClaimDialog({
  pull,
  open,
  busy,
  onCancel,
  onConfirm,
}: {
  pull: Pull;
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  /** Called with the address typed in the dialog, or none for the saved one. */
  onConfirm: (shippingAddress?: ShippingAddress) => void;
}) {
  const { user } = useAuth();
  const saved = user?.shippingAddress ?? null;
  const [editing, setEditing] = useState(false);
  const [address, setAddress] = useState<Partial<ShippingAddress>>(saved ?? {});
  const [errors, setErrors] = useState<AddressErrors>({});
  const typing = editing || !saved;
  const fee = shippingFee(1, pull.card.fmv);

  const close = () => {
    setEditing(false);
    setErrors({});
    setAddress(saved ?? {});
    onCancel();
  };
  const confirm = () => {
    if (!typing) return onConfirm();
    const parsed = parseAddress(address);
    if (parsed.errors) return setErrors(parsed.errors);
    onConfirm(parsed.address);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title={`Ship ${pull.card.name}?`}
      className={styles.claim}
      actions={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button variant="contained" disabled={busy} onClick={confirm}>
            {fee > 0 ? `Ship it here for ${formatUsd(fee)}` : 'Ship it here'}
          </Button>
        </>
      }
    >
      <p className={styles.text} data-testid="claim-fee">
        {fee > 0 ? (
          <>
            Shipping: <strong>{formatUsd(fee)}</strong>, paid from your wallet.
          </>
        ) : (
          <>
            Shipping: <strong>free</strong> for this card.
          </>
        )}{' '}
        {SHIPPING_FEE_SCHEDULE_TEXT}
      </p>
      {typing ? (
        <>
          <p className={styles.lead}>We ship it within 48 hours to this address:</p>
          <AddressFields value={address} errors={errors} onChange={setAddress} />
        </>
      ) : (
        <>
          <p className={styles.text}>We ship it within 48 hours to:</p>
          <p className={styles.address} data-testid="claim-address">
            {addressLine(saved)}
          </p>
          <Button size="small" onClick={() => setEditing(true)}>
            Change address
          </Button>
        </>
      )}
    </Dialog>
  );
}

/** Which of a pull's decisions is waiting for its dialog to be confirmed. */
export type PullDecision = 'claim' | 'sellBack';

/**
 * A pull's Claim & Ship and sell-back dialogs, the one in `confirming` open: confirming it closes
 * it and sends that decision; cancelling closes it and sends nothing.
 */
export function PullDecisionDialogs({
  pull,
  confirming,
  busy,
  actions: { claim, sellBack },
  onClose,
}: {
  pull: Pull;
  confirming: PullDecision | null;
  busy: boolean;
  actions: ReturnType<typeof usePullActions>;
  onClose: () => void;
}) {
  return (
    <>
      <ClaimDialog
        pull={pull}
        open={confirming === 'claim'}
        busy={busy}
        onCancel={onClose}
        onConfirm={(shippingAddress) => {
          onClose();
          claim.mutate({ id: pull._id, shippingAddress });
        }}
      />
      <SellBackDialog
        offer={pullSellBackOffer(pull)}
        open={confirming === 'sellBack'}
        busy={busy}
        onCancel={onClose}
        onConfirm={() => {
          onClose();
          sellBack.mutate(pull._id);
        }}
      />
    </>
  );
}

/**
 * A pull's decisions as a page offers them: `decide` opens one's dialog (PullDecisionButtons call
 * it), `dialogs` is drawn anywhere in the caller. Neither decision is sent before its dialog is
 * confirmed.
 */
export function usePullDecision(
  pull: Pull,
  busy: boolean,
  actions: ReturnType<typeof usePullActions>,
) {
  const [confirming, setConfirming] = useState<PullDecision | null>(null);
  const dialogs = (
    <PullDecisionDialogs
      pull={pull}
      confirming={confirming}
      busy={busy}
      actions={actions}
      onClose={() => setConfirming(null)}
    />
  );
  return { decide: setConfirming, dialogs };
}

/** The buttons that open a pull's decisions: Claim & Ship while revealed, and the sell-back. */
export function PullDecisionButtons({
  pull,
  busy,
  size,
  onDecide,
}: {
  pull: Pull;
  busy: boolean;
  size: 'small' | 'large';
  onDecide: (decision: PullDecision) => void;
}) {
  return (
    <>
      {pull.status === 'revealed' && (
        <Button variant="contained" size={size} disabled={busy} onClick={() => onDecide('claim')}>
          Claim &amp; Ship
        </Button>
      )}
      {pull.sellBack && (
        <Button variant="outlined" size={size} disabled={busy} onClick={() => onDecide('sellBack')}>
          Sell back for {formatUsd(pull.sellBack.amount)}
        </Button>
      )}
    </>
  );
}
