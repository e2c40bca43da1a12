import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Link, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { PAYOUT_METHOD_LABELS } from '@grail/contract';
import { useMyPayments } from '@/lib/api/submissions';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';

/**
 * Dashboard 'Payouts': what each sold submission paid, how, and when. Purchases and top-ups are
 * in the Wallet tab's history, which this points to.
 */
export function PaymentsTab() {
  const { data, isPending, isError, refetch } = useMyPayments();
  if (isPending) {
    return <Skeleton variant="rounded" height={120} aria-label="Loading your payouts" />;
  }
  if (isError) {
    return (
      <Alert severity="error" action={<Button onClick={() => void refetch()}>Try again</Button>}>
        Could not load your payouts.
      </Alert>
    );
  }
  if (data.length === 0) {
    return (
      <Typography color="text.secondary">
        No payouts yet. When we buy cards from you, each payout shows here. Your purchases and
        top-ups are in your{' '}
        <Link component={RouterLink} to={paths.dashboard.getHref({ tab: 'wallet' })}>
          wallet history
        </Link>
        .
      </Typography>
    );
  }
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Payouts">
      {data.map((p) => (
        <Paper
          component="li"
          key={p._id}
          variant="outlined"
          data-testid="payment-row"
          sx={{
            p: 2,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: 'minmax(0, 1fr) auto',
            alignItems: 'start',
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700 }}>
              {PAYOUT_METHOD_LABELS[p.method]} for{' '}
              <Link component={RouterLink} to={paths.submission.getHref(p.submissionId)}>
                {p.number}
              </Link>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Paid {dateTimeFormat.format(new Date(p.paidAt))}
            </Typography>
            {p.reference && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                Reference {p.reference}
              </Typography>
            )}
          </Box>
          <Box sx={{ textAlign: 'right' }}>
            <Typography sx={{ fontWeight: 800, whiteSpace: 'nowrap' }}>
              {formatUsd(p.total)}
            </Typography>
            {p.bonus > 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                incl. {formatUsd(p.bonus)} bonus
              </Typography>
            )}
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}
