import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  BREAK_FORMAT_LABELS,
  BREAK_FORMATS,
  BREAK_SPORTS,
  BreakFormat,
  BreakSport,
  type BreakStatus,
  type BreakSummary,
} from '@grail/contract';
import { useBreaks } from '../api/useBreaks';
import { BreakCard } from '../components/BreakCard';
import { paths } from '@/lib/paths';

/** The list's sections, in order, and the statuses each holds. */
const SECTIONS: { title: string; statuses: BreakStatus[]; sort: 'soonest' | 'latest' }[] = [
  { title: 'Live now', statuses: ['live'], sort: 'latest' },
  { title: 'Filling', statuses: ['open'], sort: 'soonest' },
  { title: 'Upcoming', statuses: ['filled'], sort: 'soonest' },
  { title: 'Completed', statuses: ['completed', 'cancelled'], sort: 'latest' },
];

const byTime = (sort: 'soonest' | 'latest') => (a: BreakSummary, b: BreakSummary) =>
  sort === 'soonest'
    ? Date.parse(a.scheduledAt) - Date.parse(b.scheduledAt)
    : Date.parse(b.scheduledAt) - Date.parse(a.scheduledAt);

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
} as const;

/** /breaks: live, filling, upcoming and completed breaks, filtered by sport and format. */
export default function BreaksPage() {
  const [params, setParams] = useSearchParams();
  const sport = BreakSport.safeParse(params.get('sport')).data;
  const format = BreakFormat.safeParse(params.get('format')).data;
  const breaks = useBreaks({ sport, format });
  const filtered = Boolean(sport || format);
  const setFilter = (name: 'sport' | 'format', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  return (
    <Box component="section" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 800, fontSize: { xs: '1.75rem', md: '2.125rem' } }}
      >
        Breaks
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        Buy a spot in a group break, watch the teams drawn live and provably fair, and every hit of
        your team is yours: shipped to you or sold back.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <TextField
          select
          size="small"
          label="Sport"
          value={sport ?? ''}
          onChange={(e) => setFilter('sport', e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">All sports</MenuItem>
          {BREAK_SPORTS.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Format"
          value={format ?? ''}
          onChange={(e) => setFilter('format', e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">All formats</MenuItem>
          {BREAK_FORMATS.map((f) => (
            <MenuItem key={f} value={f}>
              {BREAK_FORMAT_LABELS[f]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>

      {breaks.isPending && (
        <Box sx={grid} role="status" aria-label="Loading breaks">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={340} />
          ))}
        </Box>
      )}
      {breaks.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void breaks.refetch()}>
              Try again
            </Button>
          }
        >
          Could not load breaks.
        </Alert>
      )}
      {breaks.data?.length === 0 && (
        <Box sx={{ py: 6, textAlign: 'center' }}>
          <Typography gutterBottom>
            {filtered ? 'No breaks match these filters.' : 'No breaks yet. Check back soon.'}
          </Typography>
          {filtered && (
            <Button onClick={() => setParams({}, { replace: true })}>Clear filters</Button>
          )}
        </Box>
      )}
      {breaks.data && breaks.data.length > 0 && (
        <Stack spacing={4}>
          {SECTIONS.map((section) => {
            const list = breaks.data
              .filter((b) => section.statuses.includes(b.status))
              .sort(byTime(section.sort));
            if (list.length === 0) return null;
            return (
              <Box component="section" key={section.title} aria-label={section.title}>
                <Typography variant="h6" component="h2" gutterBottom>
                  {section.title}
                </Typography>
                <Box sx={grid}>
                  {list.map((b) => (
                    <BreakCard key={b._id} b={b} />
                  ))}
                </Box>
              </Box>
            );
          })}
        </Stack>
      )}
      <Button
        component={RouterLink}
        to={paths.dashboard.getHref({ tab: 'breaks' })}
        sx={{ mt: 4 }}
        variant="text"
      >
        Your spots and hits are in your dashboard
      </Button>
    </Box>
  );
}
