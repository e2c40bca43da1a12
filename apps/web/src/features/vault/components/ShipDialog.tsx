import { useState } from 'react';
import {
  SHIPPING_FEE_SCHEDULE_TEXT,
  ShipRequestBody,
  VAULT_SHIP_BY_TEXT,
  shippingFee,
  type Holding,
  type ShippingAddress,
} from '@grail/contract';
import { FormAddressFields } from '@/components/FormAddressFields';
import { TopUpOffer } from '@/components/RefusalAlert';
import { SummaryRow } from '@/components/SummaryRow';
import { usePurchaseConfirmation } from '@/components/purchase/usePurchaseConfirmation';
import { Button, FormDialog } from '@/components/ui';
import { ApiError } from '@/lib/api/client';
import { useAuth } from '@/lib/auth';
import { formatUsd } from '@/lib/format';
import { notify } from '@/lib/toast';
import { paths } from '@/lib/paths';
import { useRequestShipment } from '../api/holdings';
import { sumDollars } from './money';
import styles from './ShipDialog.module.css';

type ShipDraft = { holdingIds: string[]; shippingAddress?: Partial<ShippingAddress> };

/** The saved address on one line, as it goes on the parcel. */
const addressLine = (a: ShippingAddress) =>
  [a.name, a.line1, a.line2, a.city, `${a.state} ${a.postalCode}`, a.country]
    .filter(Boolean)
    .join(', ');

export const cardsText = (count: number) => `${count} card${count === 1 ? '' : 's'}`;

/**
 * One box from the vault: the cards, where to (the profile's address unless changed), what they
 * are insured for, the fee from the published schedule and the balance it comes from. Confirming
 * sends the request with this confirmation's Idempotency-Key; a shortfall offers a top-up. Limits
 * never stop it: a collector on a time-out or self-excluded may still ship their cards.
 */
export function ShipDialog({
  holdings,
  onClose,
  onShipped,
}: {
  holdings: Holding[];
  onClose: () => void;
  onShipped: () => void;
}) {
  const { user } = useAuth();
  const saved = user?.shippingAddress ?? null;
  const [editing, setEditing] = useState(!saved);
  const insured = sumDollars(holdings.map((h) => h.fmv));
  const fee = shippingFee(holdings.length, insured);
  const c = usePurchaseConfirmation({ open: true, amount: fee });
  const request = useRequestShipment();
  const returnPath = paths.vault.getHref();

  const submit = async (values: ShipRequestBody) => {
    try {
      await request.mutateAsync({ body: values, idempotencyKey: c.idempotencyKey });
    } catch (error) {
      // Nothing was written: the next confirmation may use a new key.
      c.renewKey();
      if (error instanceof ApiError && error.status === 402) void c.wallet.refetch();
      throw error;
    }
    notify.success(`Shipping requested: ${cardsText(holdings.length)}.`);
    onShipped();
  };

  return (
    <FormDialog<ShipDraft, ShipRequestBody>
      title={`Ship ${cardsText(holdings.length)}`}
      onClose={onClose}
      submitLabel={fee > 0 ? `Ship for ${formatUsd(fee)}` : 'Ship for free'}
      pending={request.isPending}
      pendingText="Requesting…"
      submitDisabled={c.wallet.isPending || c.short > 0}
      schema={ShipRequestBody as never}
      defaultValues={{
        holdingIds: holdings.map((h) => h._id),
        shippingAddress: saved ? undefined : {},
      }}
      onSubmit={submit}
      className={styles.body}
    >
      {(form) => (
        <>
          <ul className={styles.cards}>
            {holdings.map((h) => (
              <li key={h._id}>
                <span>{h.card.name}</span>
                <span>{formatUsd(h.fmv)}</span>
              </li>
            ))}
          </ul>
          <div data-testid="ship-quote" className={styles.quote}>
            <SummaryRow label="Cards" value={String(holdings.length)} />
            <SummaryRow label="Insured value" value={formatUsd(insured)} />
            <SummaryRow label="Shipping fee" value={fee > 0 ? formatUsd(fee) : 'Free'} strong />
            <SummaryRow
              label="Your balance"
              value={c.balance === undefined ? '…' : formatUsd(c.balance)}
            />
          </div>
          <p className={styles.terms}>{SHIPPING_FEE_SCHEDULE_TEXT}</p>
          <p className={styles.terms}>{VAULT_SHIP_BY_TEXT}</p>
          <h3 className={styles.heading}>Ship to</h3>
          {editing ? (
            <>
              <FormAddressFields />
              {saved && (
                <Button
                  size="small"
                  className={styles.change}
                  onClick={() => {
                    form.setValue('shippingAddress', undefined);
                    setEditing(false);
                  }}
                >
                  Use my saved address
                </Button>
              )}
            </>
          ) : (
            saved && (
              <>
                <p className={styles.address} data-testid="ship-address">
                  {addressLine(saved)}
                </p>
                <Button
                  size="small"
                  className={styles.change}
                  onClick={() => {
                    form.setValue('shippingAddress', { ...saved });
                    setEditing(true);
                  }}
                >
                  Change address
                </Button>
              </>
            )
          )}
          {c.short > 0 && (
            <TopUpOffer
              limits={c.limits.data}
              amount={c.topUpAmount}
              pending={c.topUp.isPending}
              onTopUp={() => c.topUp.mutate({ amount: c.topUpAmount, returnPath })}
            >
              Add {formatUsd(c.short)} to your wallet to pay the shipping fee.
            </TopUpOffer>
          )}
        </>
      )}
    </FormDialog>
  );
}
