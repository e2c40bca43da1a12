import { useMemo, useState } from 'react';
import { useNavigate, Link as RouterLink } from 'react-router';
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
import { TOP_UP_MIN, type ActiveCaseResponse } from '@grail/contract';
import { useAuth } from '@/lib/auth';
import { formatUsd } from '@/lib/format';
import { SummaryRow } from '@/components/SummaryRow';
import { useBuyPack } from '../api/useBuyPack';
import { markPackOpened } from '../lib/pendingReveals';
import { useTopUp, useWallet } from '@/lib/api/wallet';
import { purchaseStop, useLimits } from '@/lib/api/limits';
import { LimitStopAlert, RefusalAlert, TopUpOffer } from '@/components/RefusalAlert';
import { paths } from '@/lib/paths';

/** The confirmation before a purchase: price, balance, buyback terms, and a top-up when short. */
export function BuyPackDialog({
  live,
  open,
  onClose,
}: {
  live: ActiveCaseResponse;
  open: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const { isLoggedIn } = useAuth();
  const wallet = useWallet({ enabled: open && isLoggedIn });
  const balance = wallet.data?.balance;
  const buy = useBuyPack();
  const topUp = useTopUp();
  const limits = useLimits({ enabled: open && isLoggedIn });
  // One key per confirmation: a double click or a retry after a lost answer is charged once.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const short = useMemo(
    () =>
      balance === undefined ? 0 : Math.max(0, Math.round((live.packPrice - balance) * 100) / 100),
    [balance, live.packPrice],
  );
  // A limit that would refuse the pack is said at once, and no top-up is offered for it.
  const stopped = Boolean(purchaseStop(limits.data, live.packPrice));
  const topUpAmount = Math.max(TOP_UP_MIN, short);

  const close = () => {
    buy.reset();
    setIdempotencyKey(crypto.randomUUID());
    onClose();
  };
  const confirm = () =>
    buy.mutate(
      { caseId: live.caseId, idempotencyKey },
      {
        onSuccess: ({ pull }) => {
          markPackOpened(pull._id);
          navigate(paths.grailReveal.getHref({ pull: pull._id }));
        },
      },
    );

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="buy-pack-title">
      <DialogTitle id="buy-pack-title">Buy a Pack</DialogTitle>
      <DialogContent>
        {!isLoggedIn ? (
          <Typography>
            Sign in to buy a pack. You get one random card from the {live.remaining} left in{' '}
            {live.name}.
          </Typography>
        ) : (
          <Stack spacing={1.25}>
            <SummaryRow label="Pack price" value={formatUsd(live.packPrice)} strong />
            <SummaryRow
              label="Your balance"
              value={wallet.isPending ? '…' : balance === undefined ? '—' : formatUsd(balance)}
            />
            <Divider />
            <Typography variant="body2" color="text.secondary">
              Every pack is worth at least {formatUsd(live.floorValue)} FMV. Keep your card and we
              ship it within 48 hours, or sell it back instantly for {live.buybackPercent}% of its
              FMV within {live.buybackWindowHours} hours.
            </Typography>
            <LimitStopAlert limits={limits.data} amount={live.packPrice} />
            {short > 0 && !stopped && (
              <TopUpOffer
                limits={limits.data}
                amount={topUpAmount}
                pending={topUp.isPending}
                onTopUp={() =>
                  topUp.mutate({ amount: topUpAmount, returnPath: paths.grailMachine.getHref() })
                }
              >
                You need {formatUsd(short)} more for this pack.
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
            Pay {formatUsd(live.packPrice)} and open
          </Button>
        ) : (
          <Button
            variant="contained"
            component={RouterLink}
            to={paths.login.getHref({ redirectTo: paths.grailMachine.getHref() })}
          >
            Sign in
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
