import { Box, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import type { ActiveCaseResponse } from '@grail/contract';
import { formatUsd } from '@/lib/format';

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="overline" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
        {value}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
    </Box>
  );
}

/** Pack price, remaining of total, guaranteed floor and expected value of the case. */
export function CaseStats({ live }: { live: ActiveCaseResponse }) {
  const pulled = live.totalItems - live.remaining;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" useFlexGap flexWrap="wrap" spacing={3} sx={{ mb: 2 }}>
        <Stat label="Pack price" value={formatUsd(live.packPrice)} />
        <Stat
          label="Guaranteed floor"
          value={formatUsd(live.floorValue)}
          hint={`Every pack is worth at least ${formatUsd(live.floorValue)} FMV`}
        />
        <Stat
          label="Expected value"
          value={formatUsd(live.expectedValue)}
          hint="Mean FMV of what remains"
        />
      </Stack>
      <Stack direction="row" justifyContent="space-between" sx={{ mb: 0.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {live.remaining} of {live.totalItems} remaining
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {pulled} pulled
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={live.totalItems ? (live.remaining / live.totalItems) * 100 : 0}
        aria-label={`${live.remaining} of ${live.totalItems} cards remaining`}
        sx={{ height: 10, borderRadius: 5 }}
      />
    </Paper>
  );
}
