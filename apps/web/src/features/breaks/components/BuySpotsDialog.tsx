import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import {
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
import { useTopUp, useWallet } from '@/lib/api/wallet';
import { purchaseStop, useLimits } from '@/lib/api/limits';
import { LimitStopAlert, RefusalAlert, TopUpOffer } from '@/components/RefusalAlert';
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
  const limits = useLimits({ enabled: open && isLoggedIn });
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const pick = b.format === 'pick_team';
  const chosen = b.spots.filter((s) => spotNumbers.includes(s.spotNumber));
  const total = pick
    ? Math.round(chosen.reduce((sum, s) => sum + s.price * 100, 0)) / 100
    : Math.round(quantity * b.spotPrice * 100) / 100;
  const short = balance === undefined ? 0 : Math.max(0, Math.round((total - balance) * 100) / 100);
  // A limit that would refuse the spots is said at once, and no top-up is offered for them.
  const stopped = Boolean(purchaseStop(limits.data, total));
  const topUpAmount = Math.max(TOP_UP_MIN, short);

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
            <LimitStopAlert limits={limits.data} amount={total} />
            {short > 0 && !stopped && (
              <TopUpOffer
                limits={limits.data}
                amount={topUpAmount}
                pending={topUp.isPending}
                onTopUp={() => topUp.mutate({ amount: topUpAmount, returnPath: location.pathname })}
              >
                You need {formatUsd(short)} more.
              </TopUpOffer>
            )}
            <RefusalAlert error={topUp.error} />
            <RefusalAlert error={buy.error} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        {isLoggedIn ? (
          <Button
            variant="contained"
            onClick={confirm}
            disabled={buy.isPending || wallet.isPending || short > 0 || stopped}
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
