import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Link, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { SubmissionStatusChip } from '@/components/submissions/SubmissionStatusChip';
import { useMySubmissions } from '@/lib/api/submissions';
import { dateTimeFormat, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';

/** Dashboard 'Submissions': every submission with its status, date and offer, newest first. */
export function SubmissionsTab() {
  const { data, isPending, isError, refetch } = useMySubmissions();
  if (isPending)
    return <Skeleton variant="rounded" height={160} aria-label="Loading your submissions" />;
  if (isError) {
    return (
      <Alert severity="error" action={<Button onClick={() => void refetch()}>Try again</Button>}>
        Could not load your submissions.
      </Alert>
    );
  }
  if (data.length === 0) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography color="text.secondary">
          You have not submitted any cards yet. Sell your PSA, BGS, SGC or CGC slabs and follow each
          one here.
        </Typography>
        <Button component={RouterLink} to={paths.sellCards.getHref()} variant="contained">
          Sell your cards
        </Button>
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to={paths.sellCards.getHref()} variant="outlined">
          New submission
        </Button>
      </Stack>
      <Stack
        component="ul"
        spacing={1}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        aria-label="Your submissions"
      >
        {data.map((s) => (
          <Paper
            component="li"
            key={s._id}
            variant="outlined"
            data-testid="submission-row"
            sx={{
              p: 2,
              display: 'grid',
              gap: 1,
              alignItems: 'center',
              gridTemplateColumns: { xs: '1fr auto', sm: 'minmax(0, 1fr) auto auto' },
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Link
                component={RouterLink}
                to={paths.submission.getHref(s._id)}
                sx={{ fontWeight: 700 }}
              >
                {s.number}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {s.cardCount} {s.cardCount === 1 ? 'card' : 'cards'} · submitted{' '}
                {dateTimeFormat.format(new Date(s.createdAt))}
              </Typography>
            </Box>
            <Box sx={{ justifySelf: 'end' }}>
              <SubmissionStatusChip status={s.status} />
            </Box>
            <Typography
              sx={{
                fontWeight: 700,
                whiteSpace: 'nowrap',
                textAlign: 'right',
                gridColumn: { xs: '1 / -1', sm: 'auto' },
                minWidth: { sm: 110 },
              }}
            >
              {s.offerTotal === null ? 'Offer pending' : `Offer ${formatUsd(s.offerTotal)}`}
            </Typography>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
