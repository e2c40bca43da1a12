import { useMemo, useState } from 'react';
import { useNavigate, Link as RouterLink } from 'react-router';
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
import { TOP_UP_MIN, type ActiveCaseResponse } from '@grail/contract';
import { ApiError } from '@/lib/api/client';
import { useAuth } from '@/lib/auth';
import { formatUsd } from '@/lib/format';
import { SummaryRow } from '@/components/SummaryRow';
import { useBuyPack } from '../api/useBuyPack';
import { markPackOpened } from '../lib/pendingReveals';
import { useTopUp, useWallet } from '@/lib/api/wallet';
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
  // One key per confirmation: a double click or a retry after a lost answer is charged once.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const short = useMemo(
    () =>
      balance === undefined ? 0 : Math.max(0, Math.round((live.packPrice - balance) * 100) / 100),
    [balance, live.packPrice],
  );
  const error = buy.error instanceof ApiError ? buy.error : null;

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
                        returnPath: paths.grailMachine.getHref(),
                      })
                    }
                  >
                    Add {formatUsd(Math.max(TOP_UP_MIN, short))}
                  </Button>
                }
              >
                You need {formatUsd(short)} more for this pack.
              </Alert>
            )}
            {topUp.error && <Alert severity="error">{topUp.error.message}</Alert>}
            {error && (
              <Alert severity="error">
                {error.message}
                {error.status === 403 && (
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
