import { useEffect, useState } from 'react';
import { Box, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import type { BreakStatus, BreakSummary } from '@grail/contract';
import { imageSources, resolveImageUrl } from '@/lib/images';

/** How each status reads to collectors. */
export const STATUS_LABELS: Record<
  BreakStatus,
  { label: string; color: 'default' | 'info' | 'success' | 'warning' | 'error' | 'primary' }
> = {
  draft: { label: 'Draft', color: 'default' },
  open: { label: 'Filling', color: 'info' },
  filled: { label: 'Upcoming', color: 'primary' },
  live: { label: 'Live', color: 'error' },
  completed: { label: 'Completed', color: 'success' },
  cancelled: { label: 'Cancelled', color: 'default' },
};

export function StatusChip({ status }: { status: BreakStatus }) {
  const s = STATUS_LABELS[status];
  return <Chip size="small" color={s.color} label={s.label} />;
}

/** The current time, ticking every `everyMs`. */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

/** Time left in words: "2d 04h 13m", "13m 09s", or null once it has passed. */
export function timeLeft(toIso: string, now: number): string | null {
  const ms = Date.parse(toIso) - now;
  if (ms <= 0) return null;
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (d > 0) return `${d}d ${pad(h)}h ${pad(m)}m`;
  if (h > 0) return `${h}h ${pad(m)}m ${pad(s % 60)}s`;
  return `${m}m ${pad(s % 60)}s`;
}

/** A live countdown with its label; `passed` is shown once the time has come. */
export function Countdown({ label, to, passed }: { label: string; to: string; passed: string }) {
  const now = useNow();
  const left = timeLeft(to, now);
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography
        sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700 }}
        role="timer"
        aria-label={`${label}: ${left ?? passed}`}
      >
        {left ?? passed}
      </Typography>
    </Box>
  );
}

/** Spots sold against the total, with the minimum to run when it is lower. */
export function SpotsProgress({ b }: { b: BreakSummary }) {
  const percent = b.totalSpots ? (b.spotsSold / b.totalSpots) * 100 : 0;
  return (
    <Stack spacing={0.5}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={`${b.spotsSold} of ${b.totalSpots} spots sold`}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" color="text.secondary">
        {b.spotsSold} of {b.totalSpots} spots sold
        {b.minSpots < b.totalSpots ? ` · runs with ${b.minSpots}` : ''}
      </Typography>
    </Stack>
  );
}

/** The product's picture, or a slim panel naming the sport and format when there is none. */
export function ProductImage({ b, eager = false }: { b: BreakSummary; eager?: boolean }) {
  const url = resolveImageUrl(b.imageUrl);
  const [failed, setFailed] = useState(false);
  if (!url || failed) {
    return (
      <Box
        aria-hidden
        sx={{
          height: { xs: 64, md: 96 },
          borderRadius: 1,
          px: 2,
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          background: (theme) =>
            `linear-gradient(120deg, ${theme.palette.primary.main}33, ${theme.palette.secondary.main}22)`,
        }}
      >
        <Typography variant="h6" component="span" sx={{ fontWeight: 800 }}>
          {b.sport}
        </Typography>
        <Typography variant="body2" component="span" color="text.secondary">
          {b.boxes} box{b.boxes === 1 ? '' : 'es'} · {b.totalSpots} spots
        </Typography>
      </Box>
    );
  }
  return (
    <Box
      sx={{
        aspectRatio: '4 / 3',
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: 'action.hover',
      }}
    >
      <img
        {...imageSources(url, 'md')}
        sizes="(max-width: 600px) 100vw, 360px"
        alt={b.title}
        loading={eager ? 'eager' : 'lazy'}
        onError={() => setFailed(true)}
        style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
    </Box>
  );
}
