import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Paper,
  Skeleton,
  Stack,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { StackedTable } from '@/components/StackedTable';
import { LIMIT_WINDOW_LABELS, type LimitWindowState } from '@grail/contract';
import { limitEndpoints } from '@/lib/api/endpoints';
import { callApi } from '@/lib/api/callApi';
import { dateTimeFormat, formatUsd } from '@/lib/format';

const at = (iso: string) => dateTimeFormat.format(new Date(iso));

function LimitRows({ title, windows }: { title: string; windows: LimitWindowState[] }) {
  return windows.map((w) => (
    <TableRow key={`${title}-${w.window}`}>
      <TableCell data-label="Limit">
        {title}, {LIMIT_WINDOW_LABELS[w.window]}
      </TableCell>
      <TableCell data-label="Amount">{w.amount === null ? 'None' : formatUsd(w.amount)}</TableCell>
      <TableCell data-label="Used">{formatUsd(w.used)}</TableCell>
      <TableCell data-label="Pending">
        {w.pending
          ? `${w.pending.amount === null ? 'Removal' : formatUsd(w.pending.amount)} from ${at(w.pending.effectiveAt)}`
          : '—'}
      </TableCell>
    </TableRow>
  ));
}

/**
 * A collector's responsible-play controls for staff: read-only, since staff cannot lift a limit,
 * time-out or self-exclusion early.
 */
export function UserLimits({ userId }: { userId: string }) {
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: ['admin', 'users', userId, 'limits'],
    queryFn: ({ signal }) =>
      callApi(limitEndpoints.adminUserLimits, { params: { userId }, signal }),
  });
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} component="section" aria-labelledby="user-limits">
      <Typography variant="h6" component="h2" id="user-limits" gutterBottom>
        Limits and exclusions
      </Typography>
      {isPending && <Skeleton variant="rounded" height={160} />}
      {isError && (
        <Alert severity="error" action={<Button onClick={() => void refetch()}>Try again</Button>}>
          Could not load this collector&apos;s limits.
        </Alert>
      )}
      {data && (
        <Stack spacing={2}>
          <Stack spacing={1}>
            {data.selfExclusion && (
              <Alert severity="warning">
                Self-excluded: period until {at(data.selfExclusion.until)}
                {data.selfExclusion.endEffectiveAt
                  ? `, ends ${at(data.selfExclusion.endEffectiveAt)}.`
                  : '; no end requested.'}
              </Alert>
            )}
            {data.timeOutUntil && (
              <Alert severity="info">On a time-out until {at(data.timeOutUntil)}.</Alert>
            )}
            {data.canPurchase && (
              <Typography color="text.secondary">No time-out or self-exclusion.</Typography>
            )}
            <Typography>
              Spent in the last 30 days: <strong>{formatUsd(data.spentLast30Days)}</strong>. Reality
              check:{' '}
              {data.realityCheckMinutes ? `every ${data.realityCheckMinutes} minutes` : 'off'}.
            </Typography>
          </Stack>
          <StackedTable
            label="Spending and deposit limits"
            head={['Limit', 'Amount', 'Used', 'Pending change']}
          >
            <LimitRows title="Spending" windows={data.spending} />
            <LimitRows title="Deposit" windows={data.deposit} />
          </StackedTable>
          <Typography variant="body2" color="text.secondary">
            Staff cannot lift these early; only the collector can change them, under the same
            cooling-off rules.
          </Typography>
        </Stack>
      )}
    </Paper>
  );
}
