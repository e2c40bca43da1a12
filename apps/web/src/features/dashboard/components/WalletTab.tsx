import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import {
  TOP_UP_HOLD_DAYS,
  TOP_UP_MAX,
  TOP_UP_MIN,
  TopUpBody,
  WITHDRAWAL_MIN,
  type LedgerKind,
  type WalletResponse,
} from '@grail/contract';
import { Card, Form, FormSubmit, FormTextField, ListPagination, Skeleton } from '@/components/ui';
import { useTopUp, useWallet, WALLET_PAGE_SIZE as PAGE_SIZE } from '@/lib/api/wallet';
import { useLimits } from '@/lib/api/limits';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { LedgerTable } from '@/components/LedgerTable';
import styles from './WalletTab.module.css';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { WithdrawDialog } from './WithdrawDialog';
import { WithdrawalsList } from './WithdrawalsList';
import { LoadFailed } from '@/components/ui/LoadFailed';

const AMOUNT_RANGE = `Enter an amount from ${formatUsd(TOP_UP_MIN)} to ${formatUsd(TOP_UP_MAX)}.`;

/**
 * The amount as typed: the contract's rule for a top-up, read from the field's text; an empty or
 * wordy field is told the range.
 */
const AddFundsFields = z.object({
  amount: z
    .string()
    .trim()
    .min(1, AMOUNT_RANGE)
    .pipe(z.coerce.number({ message: AMOUNT_RANGE }))
    .pipe(TopUpBody.shape.amount),
});

function AddFunds() {
  const addFunds = useTopUp();
  return (
    <Form
      schema={AddFundsFields}
      defaultValues={{ amount: '50' }}
      className={styles.addFunds}
      onSubmit={({ amount }) =>
        addFunds.mutateAsync({ amount, returnPath: `${paths.dashboard.getHref()}?tab=wallet` })
      }
    >
      <div className={styles.amount}>
        <FormTextField
          name="amount"
          label="Amount"
          inputMode="decimal"
          helperText={`${formatUsd(TOP_UP_MIN)} to ${formatUsd(TOP_UP_MAX)}`}
        />
      </div>
      <FormSubmit fullWidth={false} size="medium" className={styles.add}>
        Add funds
      </FormSubmit>
    </Form>
  );
}

/** The history's filter: each choice and the kinds of movement it shows (none: every kind). */
const SHOWN: { value: string; label: string; kinds?: LedgerKind[] }[] = [
  { value: 'all', label: 'All movements' },
  { value: 'top_ups', label: 'Top-ups', kinds: ['top_up'] },
  { value: 'purchases', label: 'Purchases', kinds: ['order', 'pack', 'break'] },
  { value: 'sell_backs', label: 'Sell-backs', kinds: ['buyback'] },
  { value: 'payouts', label: 'Payouts', kinds: ['sale'] },
  { value: 'refunds', label: 'Refunds', kinds: ['refund'] },
  { value: 'adjustments', label: 'Adjustments', kinds: ['adjustment'] },
  { value: 'withdrawals', label: 'Withdrawals', kinds: ['withdrawal'] },
];

/**
 * The balance's two parts and what may be withdrawn: store credit is spent first and never
 * withdrawn; a card top-up's cash waits out its dispute window.
 */
function WalletParts({ wallet }: { wallet: WalletResponse }) {
  return (
    <div className={styles.parts}>
      <dl className={styles.figures}>
        <div>
          <dt>Cash</dt>
          <dd data-testid="wallet-cash">{formatUsd(wallet.cash)}</dd>
        </div>
        <div>
          <dt>Store credit</dt>
          <dd data-testid="wallet-store-credit">{formatUsd(wallet.storeCredit)}</dd>
        </div>
        <div>
          <dt>Withdrawable now</dt>
          <dd data-testid="wallet-withdrawable">{formatUsd(wallet.withdrawable)}</dd>
        </div>
      </dl>
      <p className={styles.rule}>
        Purchases spend store credit first; store credit cannot be withdrawn. Cash from a card
        top-up can be withdrawn {TOP_UP_HOLD_DAYS} days after the top-up.
        {wallet.moreWithdrawableAt &&
          ` More becomes withdrawable on ${dateTimeFormat.format(new Date(wallet.moreWithdrawableAt))}.`}
        {wallet.withdrawable < WITHDRAWAL_MIN &&
          ` Withdrawals start at ${formatUsd(WITHDRAWAL_MIN)}.`}
      </p>
      <WithdrawDialog withdrawable={wallet.withdrawable} />
    </div>
  );
}

/**
 * Dashboard 'Wallet': the balance in its two parts, 'Add funds' and 'Withdraw', the withdrawals,
 * and the history from the ledger.
 */
export function WalletTab() {
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState('all');
  const kinds = SHOWN.find((s) => s.value === shown)?.kinds;
  const { data, isPending, isError, refetch } = useWallet({ page, limit: PAGE_SIZE, kinds });
  const limits = useLimits();
  return (
    <div className={styles.tab}>
      <Card className={styles.balanceCard}>
        <p className={styles.overline}>Wallet balance</p>
        <div className={styles.balance} data-testid="wallet-balance">
          {data ? formatUsd(data.balance) : <Skeleton width={160} />}
        </div>
        {limits.data && (
          <p className={styles.spent} data-testid="wallet-spent-30-days">
            Spent in the last 30 days: {formatUsd(limits.data.spentLast30Days)} ·{' '}
            <RouterLink to={`${paths.dashboard.getHref()}?tab=limits`} className={styles.link}>
              Limits
            </RouterLink>
          </p>
        )}
        {data && <WalletParts wallet={data} />}
        <AddFunds />
      </Card>
      <WithdrawalsList />
      <div>
        <div className={styles.historyHead}>
          <h2 className={styles.historyTitle}>History</h2>
          <div className={styles.show}>
            <NativeSelect
              label="Show"
              value={shown}
              options={SHOWN}
              onChange={(value) => {
                setShown(value);
                setPage(1);
              }}
            />
          </div>
        </div>
        {isError && <LoadFailed onRetry={refetch}>Could not load your wallet.</LoadFailed>}
        {isPending && <Skeleton variant="rounded" height={160} />}
        {data && data.entries.length === 0 && (
          <p className={styles.empty}>
            {kinds ? 'No movements of this kind yet.' : 'No wallet activity yet.'}
          </p>
        )}
        {data && data.entries.length > 0 && (
          <div className={styles.history}>
            <LedgerTable label="Wallet history" entries={data.entries} />
          </div>
        )}
        {data && (
          <ListPagination
            total={data.total}
            pageSize={PAGE_SIZE}
            page={page}
            onPageChange={setPage}
            label="Wallet history pages"
            className={styles.pages}
          />
        )}
      </div>
    </div>
  );
}
