import { useLocation } from 'react-router';
import { BREAK_REFUND_RULE, type BreakDetail } from '@grail/contract';
import { formatUsd } from '@/lib/format';
import { PurchaseDialog } from '@/components/purchase/PurchaseDialog';
import { SummaryRow } from '@/components/SummaryRow';
import { useBuySpots } from '../api/useBuySpots';
import styles from './BuySpotsDialog.module.css';

/**
 * The confirmation before buying spots: what is bought, the price, the balance, the refund rule,
 * and a top-up when the wallet is short.
 */
export function BuySpotsDialog({
  b,
  quantity,
  spotNumbers,
  open,
  onClose,
  onBought,
}: {
  b: BreakDetail;
  /** Random team: how many spots. */
  quantity: number;
  /** Pick your team: the chosen spots. */
  spotNumbers: number[];
  open: boolean;
  onClose: () => void;
  onBought: () => void;
}) {
  const location = useLocation();
  const buy = useBuySpots();
  const pick = b.format === 'pick_team';
  const chosen = b.spots.filter((s) => spotNumbers.includes(s.spotNumber));
  const total = pick
    ? Math.round(chosen.reduce((sum, s) => sum + s.price * 100, 0)) / 100
    : Math.round(quantity * b.spotPrice * 100) / 100;
  const what = pick
    ? chosen.map((s) => s.team).join(', ')
    : `${quantity} spot${quantity === 1 ? '' : 's'}, teams drawn at random`;

  return (
    <PurchaseDialog
      open={open}
      onClose={onClose}
      title={`Buy ${pick ? 'teams' : 'spots'}`}
      amount={total}
      purchase={buy}
      onConfirm={(idempotencyKey, renewKey) =>
        buy.mutate(
          { breakId: b._id, body: pick ? { spotNumbers } : { quantity }, idempotencyKey },
          {
            onSuccess: () => {
              renewKey();
              buy.reset();
              onBought();
            },
          },
        )
      }
      payLabel={`Pay ${formatUsd(total)}`}
      summary={
        <>
          <p className={styles.title}>{b.title}</p>
          <SummaryRow label={pick ? 'Teams' : 'Spots'} value={what} />
          <SummaryRow label="Total" value={formatUsd(total)} strong />
        </>
      }
      terms={BREAK_REFUND_RULE}
      shortfall={(short) => `You need ${short} more.`}
      signedOut={`Sign in to buy spots in ${b.title}.`}
      returnPath={location.pathname}
    />
  );
}
