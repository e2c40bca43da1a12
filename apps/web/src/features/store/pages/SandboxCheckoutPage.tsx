import {
  Alert,
  Box,
  Button,
  Chip,
  Divider,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { notify } from '@/lib/toast';
import { formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { safeReturnPath } from '@/lib/auth/returnPath';
import { useCancelSandbox, useConfirmSandbox, useSandboxCheckout } from '../api/sandbox';

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

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 2, md: 6 } }}>
      <title>Test payment | Grail Machine</title>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: 3, borderRadius: 3 }}>
        <Stack spacing={2}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <LockOutlinedIcon fontSize="small" color="action" />
              <Typography variant="subtitle2" color="text.secondary">
                Sandbox Payments
              </Typography>
            </Stack>
            <Chip label="Test mode" color="warning" size="small" sx={{ fontWeight: 700 }} />
          </Stack>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
            Add funds to your wallet
          </Typography>
          {checkout.isPending && <Skeleton variant="rounded" height={120} />}
          {checkout.isError && (
            <Stack spacing={2}>
              <Alert severity="error">This payment could not be found.</Alert>
              <Button component={Link} to={paths.store.getHref()}>
                Back to the store
              </Button>
            </Stack>
          )}
          {checkout.data && (
            <>
              <Stack
                direction="row"
                sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}
              >
                <Typography color="text.secondary">Amount</Typography>
                <Typography
                  variant="h4"
                  component="p"
                  sx={{ fontWeight: 800 }}
                  data-testid="sandbox-amount"
                >
                  {formatUsd(checkout.data.amount)}
                </Typography>
              </Stack>
              <Divider />
              <Typography variant="body2" color="text.secondary">
                This is a test payment: no card is charged and no real money moves. Confirming
                credits your wallet at once.
              </Typography>
              {checkout.data.status !== 'pending' ? (
                <Alert severity="info">
                  {checkout.data.status === 'succeeded'
                    ? 'This payment was already confirmed.'
                    : 'This payment was cancelled.'}
                </Alert>
              ) : null}
              {confirm.error && <Alert severity="error">{confirm.error.message}</Alert>}
              <Button
                variant="contained"
                size="large"
                onClick={pay}
                disabled={
                  checkout.data.status !== 'pending' || confirm.isPending || cancel.isPending
                }
              >
                Confirm payment of {formatUsd(checkout.data.amount)}
              </Button>
              <Button
                onClick={abandon}
                disabled={
                  checkout.data.status !== 'pending' || confirm.isPending || cancel.isPending
                }
              >
                Cancel
              </Button>
            </>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
