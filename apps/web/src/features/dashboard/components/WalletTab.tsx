import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  InputAdornment,
  Link,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { TOP_UP_MAX, TOP_UP_MIN, TopUpBody, type LedgerKind } from '@grail/contract';
import { useTopUp, useWallet, WALLET_PAGE_SIZE as PAGE_SIZE } from '@/lib/api/wallet';
import { useLimits } from '@/lib/api/limits';
import { formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { LedgerTable } from '@/components/LedgerTable';

function AddFunds() {
  const [amount, setAmount] = useState('50');
  const [error, setError] = useState<string | null>(null);
  const addFunds = useTopUp();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = TopUpBody.safeParse({
      amount: Number(amount),
      returnPath: `${paths.dashboard.getHref()}?tab=wallet`,
    });
    if (!parsed.success || amount.trim() === '') {
      setError(`Enter an amount from ${formatUsd(TOP_UP_MIN)} to ${formatUsd(TOP_UP_MAX)}.`);
      return;
    }
    setError(null);
    addFunds.mutate(parsed.data, { onError: (e) => setError(e.message) });
  };
  return (
    <Stack
      component="form"
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { sm: 'flex-start' } }}
    >
      <TextField
        label="Amount"
        size="small"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={Boolean(error)}
        helperText={error ?? `${formatUsd(TOP_UP_MIN)} to ${formatUsd(TOP_UP_MAX)}`}
        slotProps={{
          input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
          htmlInput: { inputMode: 'decimal' },
        }}
        sx={{ maxWidth: { sm: 200 } }}
      />
      <Button type="submit" variant="contained" disabled={addFunds.isPending}>
        Add funds
      </Button>
    </Stack>
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
];

/** Dashboard 'Wallet': the balance, its history from the ledger, and 'Add funds'. */
export function WalletTab() {
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState('all');
  const kinds = SHOWN.find((s) => s.value === shown)?.kinds;
  const { data, isPending, isError, refetch } = useWallet({ page, limit: PAGE_SIZE, kinds });
  const limits = useLimits();
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2.5 }}>
        <Typography variant="overline" color="text.secondary">
          Wallet balance
        </Typography>
        <Typography
          variant="h3"
          component="div"
          sx={{ fontWeight: 800, mb: 2 }}
          data-testid="wallet-balance"
        >
          {data ? formatUsd(data.balance) : <Skeleton width={160} />}
        </Typography>
        {limits.data && (
          <Typography
            color="text.secondary"
            sx={{ mt: -1.5, mb: 2 }}
            data-testid="wallet-spent-30-days"
          >
            Spent in the last 30 days: {formatUsd(limits.data.spentLast30Days)} ·{' '}
            <Link component={RouterLink} to={`${paths.dashboard.getHref()}?tab=limits`}>
              Limits
            </Link>
          </Typography>
        )}
        <AddFunds />
      </Paper>
      <Box>
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1.5 }}
        >
          <Typography variant="h6" component="h2">
            History
          </Typography>
          <TextField
            select
            size="small"
            label="Show"
            value={shown}
            onChange={(e) => {
              setShown(e.target.value);
              setPage(1);
            }}
            slotProps={{ select: { native: true } }}
            sx={{ minWidth: 200 }}
          >
            {SHOWN.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </TextField>
        </Stack>
        {isError && (
          <Alert
            severity="error"
            action={<Button onClick={() => void refetch()}>Try again</Button>}
          >
            Could not load your wallet.
          </Alert>
        )}
        {isPending && <Skeleton variant="rounded" height={160} />}
        {data && data.entries.length === 0 && (
          <Typography color="text.secondary">
            {kinds ? 'No movements of this kind yet.' : 'No wallet activity yet.'}
          </Typography>
        )}
        {data && data.entries.length > 0 && (
          <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
            <LedgerTable label="Wallet history" entries={data.entries} />
          </Paper>
        )}
        {data && data.total > PAGE_SIZE && (
          <Stack sx={{ alignItems: 'center', mt: 2 }}>
            <Pagination
              count={Math.ceil(data.total / PAGE_SIZE)}
              page={page}
              onChange={(_, p) => setPage(p)}
            />
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
