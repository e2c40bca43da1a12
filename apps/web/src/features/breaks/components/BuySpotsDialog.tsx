import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  Typography,
} from '@mui/material';
import { BREAK_REFUND_RULE, TOP_UP_MIN, type BreakDetail } from '@grail/contract';
import { ApiError } from '@/lib/api/client';
import { useTopUp, useWallet } from '@/lib/api/wallet';
import { useAuth } from '@/lib/auth';
import { formatUsd } from '@/lib/format';
import { SummaryRow } from '@/components/SummaryRow';
import { paths } from '@/lib/paths';
import { useBuySpots } from '../api/useBuySpots';

/**
 * The confirmation before buying spots: what is bought, the price, the balance, the refund rule,
 * and a top-up when the wallet is short. One Idempotency-Key per confirmation.
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
  const { isLoggedIn } = useAuth();
  const wallet = useWallet({ enabled: open && isLoggedIn });
  const balance = wallet.data?.balance;
  const buy = useBuySpots();
  const topUp = useTopUp();
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const pick = b.format === 'pick_team';
  const chosen = b.spots.filter((s) => spotNumbers.includes(s.spotNumber));
  const total = pick
    ? Math.round(chosen.reduce((sum, s) => sum + s.price * 100, 0)) / 100
    : Math.round(quantity * b.spotPrice * 100) / 100;
  const short = balance === undefined ? 0 : Math.max(0, Math.round((total - balance) * 100) / 100);
  const error = buy.error;

  const close = () => {
    buy.reset();
    setIdempotencyKey(crypto.randomUUID());
    onClose();
  };
  const confirm = () =>
    buy.mutate(
      {
        breakId: b._id,
        body: pick ? { spotNumbers } : { quantity },
        idempotencyKey,
      },
      {
        onSuccess: () => {
          setIdempotencyKey(crypto.randomUUID());
          buy.reset();
          onBought();
        },
      },
    );
  const what = pick
    ? chosen.map((s) => s.team).join(', ')
    : `${quantity} spot${quantity === 1 ? '' : 's'}, teams drawn at random`;

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="buy-spots-title">
      <DialogTitle id="buy-spots-title">Buy {pick ? 'teams' : 'spots'}</DialogTitle>
      <DialogContent>
        {!isLoggedIn ? (
          <Typography>Sign in to buy spots in {b.title}.</Typography>
        ) : (
          <Stack spacing={1.25}>
            <Typography sx={{ fontWeight: 600 }}>{b.title}</Typography>
            <SummaryRow label={pick ? 'Teams' : 'Spots'} value={what} />
            <SummaryRow label="Total" value={formatUsd(total)} strong />
            <SummaryRow
              label="Your balance"
              value={wallet.isPending ? '…' : balance === undefined ? '—' : formatUsd(balance)}
            />
            <Divider />
            <Typography variant="body2" color="text.secondary">
              {BREAK_REFUND_RULE}
            </Typography>
            {short > 0 && (
              <Alert
                severity="warning"
                action={
                  <Button
                    color="inherit"
                    size="small"
                    disabled={topUp.isPending}
                    onClick={() =>
                      topUp.mutate({
                        amount: Math.max(TOP_UP_MIN, short),
                        returnPath: location.pathname,
                      })
                    }
                  >
                    Add {formatUsd(Math.max(TOP_UP_MIN, short))}
                  </Button>
                }
              >
                You need {formatUsd(short)} more.
              </Alert>
            )}
            {topUp.error && <Alert severity="error">{topUp.error.message}</Alert>}
            {error && (
              <Alert severity="error">
                {error.message}
                {error instanceof ApiError && error.status === 403 && (
                  <>
                    {' '}
                    <RouterLink to={paths.completeProfile.getHref()}>
                      Complete your profile
                    </RouterLink>
                  </>
                )}
              </Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        {isLoggedIn ? (
          <Button
            variant="contained"
            onClick={confirm}
            disabled={buy.isPending || wallet.isPending || short > 0}
            startIcon={buy.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Pay {formatUsd(total)}
          </Button>
        ) : (
          <Button
            variant="contained"
            component={RouterLink}
            to={paths.login.getHref({ redirectTo: location.pathname })}
          >
            Sign in
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
