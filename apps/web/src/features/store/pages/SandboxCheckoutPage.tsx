import clsx from 'clsx';
import { Lock } from 'lucide-react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { notify } from '@/lib/toast';
import { formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { safeReturnPath } from '@/lib/auth/returnPath';
import { Alert, Badge, Button, ButtonLink, Skeleton } from '@/components/ui';
import ui from '@/lib/styles/ui.module.css';
import { useCancelSandbox, useConfirmSandbox, useSandboxCheckout } from '../api/sandbox';
import styles from './SandboxCheckoutPage.module.css';

const withResult = (path: string, result: 'success' | 'cancelled') =>
  `${path}${path.includes('?') ? '&' : '?'}topUp=${result}`;

/** /payments/sandbox/:checkoutId: the test-mode stand-in for a hosted payment page. */
export default function SandboxCheckoutPage() {
  const { checkoutId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const back =
    safeReturnPath(searchParams.get('return')) ?? `${paths.dashboard.getHref()}?tab=wallet`;
  const checkout = useSandboxCheckout(checkoutId);
  const confirm = useConfirmSandbox(checkoutId);
  const cancel = useCancelSandbox(checkoutId);

  const pay = () =>
    confirm.mutate(undefined, {
      onSuccess: ({ balance }) => {
        notify.success(`Payment confirmed. Wallet balance: ${formatUsd(balance)}`);
        navigate(withResult(back, 'success'), { replace: true });
      },
    });
  const abandon = () =>
    cancel.mutate(undefined, {
      onSettled: () => navigate(withResult(back, 'cancelled'), { replace: true }),
    });

  const settled = checkout.data?.status !== 'pending' || confirm.isPending || cancel.isPending;
  return (
    <div className={styles.page}>
      <title>Test payment | Grail Machine</title>
      <div className={clsx(ui.paper, styles.panel)}>
        <div className={styles.row}>
          <p className={clsx(ui.secondaryText, styles.brand)}>
            <Lock aria-hidden size={20} />
            Sandbox Payments
          </p>
          <Badge tone="warning" variant="filled">
            Test mode
          </Badge>
        </div>
        <h1 className={styles.title}>Add funds to your wallet</h1>
        {checkout.isPending && <Skeleton variant="rounded" height={120} />}
        {checkout.isError && (
          <div className={styles.stack}>
            <Alert severity="error">This payment could not be found.</Alert>
            <ButtonLink to={paths.store.getHref()}>Back to the store</ButtonLink>
          </div>
        )}
        {checkout.data && (
          <>
            <div className={clsx(styles.row, styles.amountRow)}>
              <p className={ui.secondaryText}>Amount</p>
              <p className={styles.amount} data-testid="sandbox-amount">
                {formatUsd(checkout.data.amount)}
              </p>
            </div>
            <hr className={styles.divider} />
            <p className={clsx(ui.body2, ui.secondaryText)}>
              This is a test payment: no card is charged and no real money moves. Confirming credits
              your wallet at once.
            </p>
            {checkout.data.status !== 'pending' ? (
              <Alert severity="info">
                {checkout.data.status === 'succeeded'
                  ? 'This payment was already confirmed.'
                  : 'This payment was cancelled.'}
              </Alert>
            ) : null}
            {confirm.error && <Alert severity="error">{confirm.error.message}</Alert>}
            <Button variant="contained" size="large" onClick={pay} disabled={settled}>
              Confirm payment of {formatUsd(checkout.data.amount)}
            </Button>
            <Button onClick={abandon} disabled={settled}>
              Cancel
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
