import {
  Alert,
  Box,
  Chip,
  List,
  ListItem,
  ListItemButton,
  MenuItem,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  SUBMISSION_STATUS_LABELS,
  SUBMISSION_STATUSES,
  type AdminSubmissionSummary,
  type SubmissionStatus,
} from '@grail/contract';
import { SubmissionStatusChip } from '@/components/submissions/SubmissionStatusChip';
import { formatUsd } from '@/lib/format';
import { useSubmissionQueue } from '../api/submissions';

const DAY_MS = 24 * 3600_000;

/** How long a submission has waited, in whole days or hours. */
export function age(iso: string, now = Date.now()) {
  const ms = Math.max(0, now - new Date(iso).getTime());
  if (ms < DAY_MS) {
    const hours = Math.floor(ms / 3600_000);
    return hours < 1 ? 'under an hour' : `${hours} h`;
  }
  const days = Math.floor(ms / DAY_MS);
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

function Row({
  s,
  selected,
  onSelect,
}: {
  s: AdminSubmissionSummary;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <ListItem disablePadding>
      <ListItemButton
        selected={selected}
        onClick={onSelect}
        data-testid="queue-row"
        aria-current={selected ? 'true' : undefined}
        sx={{ display: 'block', py: 1.25 }}
      >
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between' }}
        >
          <Typography sx={{ fontWeight: 700 }}>{s.number}</Typography>
          <SubmissionStatusChip status={s.status} />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {s.collector} · {s.cardCount} {s.cardCount === 1 ? 'card' : 'cards'} · waiting{' '}
          {age(s.submittedAt)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {s.offerTotal !== null
            ? `Offer ${formatUsd(s.offerTotal)}`
            : s.askingTotal !== null
              ? `Asking ${formatUsd(s.askingTotal)}`
              : 'No asking price'}
        </Typography>
      </ListItemButton>
    </ListItem>
  );
}

/** The review queue: oldest first, filtered by status, one page at a time. */
export function SubmissionQueue({
  status,
  onStatus,
  page,
  onPage,
  selected,
  onSelect,
}: {
  status: SubmissionStatus | undefined;
  onStatus: (status: SubmissionStatus | undefined) => void;
  page: number;
  onPage: (page: number) => void;
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const queue = useSubmissionQueue(status, page);
  const counts = queue.data?.counts ?? {};
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return (
    <Paper variant="outlined" sx={{ minWidth: 0 }}>
      <Box sx={{ p: 2, pb: 1 }}>
        <TextField
          select
          size="small"
          fullWidth
          label="Status"
          value={status ?? 'all'}
          onChange={(e) =>
            onStatus(e.target.value === 'all' ? undefined : (e.target.value as SubmissionStatus))
          }
        >
          <MenuItem value="all">All ({total})</MenuItem>
          {SUBMISSION_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {SUBMISSION_STATUS_LABELS[s]} ({counts[s] ?? 0})
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {queue.isPending ? (
        <Stack spacing={1} sx={{ p: 2 }} aria-busy="true" aria-label="Loading the queue">
          <Skeleton variant="rounded" height={64} />
          <Skeleton variant="rounded" height={64} />
        </Stack>
      ) : queue.isError ? (
        <Alert severity="error" sx={{ m: 2 }}>
          Could not load the queue. {queue.error.message}
        </Alert>
      ) : queue.data.submissions.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          No submissions {status ? `are ${SUBMISSION_STATUS_LABELS[status].toLowerCase()}` : 'yet'}.
        </Typography>
      ) : (
        <>
          <List dense aria-label="Submissions, oldest first" disablePadding>
            {queue.data.submissions.map((s) => (
              <Row
                key={s._id}
                s={s}
                selected={s._id === selected}
                onSelect={() => onSelect(s._id)}
              />
            ))}
          </List>
          {queue.data.total > queue.data.limit && (
            <Stack sx={{ alignItems: 'center', p: 1 }}>
              <Pagination
                count={Math.ceil(queue.data.total / queue.data.limit)}
                page={page}
                onChange={(_, p) => onPage(p)}
                size="small"
              />
            </Stack>
          )}
        </>
      )}
      {queue.data && total > 0 && (
        <Box sx={{ px: 2, pb: 2 }}>
          <Chip
            size="small"
            variant="outlined"
            label={`${queue.data.total} shown by this filter`}
          />
        </Box>
      )}
    </Paper>
  );
}
