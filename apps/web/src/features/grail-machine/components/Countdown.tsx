import { useEffect, useState } from 'react';
import { Stack, Typography } from '@mui/material';

const parts = (ms: number) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return [
    ['days', Math.floor(s / 86400)],
    ['hours', Math.floor((s % 86400) / 3600)],
    ['minutes', Math.floor((s % 3600) / 60)],
    ['seconds', s % 60],
  ] as const;
};

/** Counts down to the case opening; calls onDone once it is reached. */
export function Countdown({ to, onDone }: { to: Date; onDone?: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const left = to.getTime() - now;
  const done = left <= 0;
  useEffect(() => {
    if (done) onDone?.();
  }, [done, onDone]);
  return (
    <Stack direction="row" spacing={2} role="timer" aria-label="Time until the case opens">
      {parts(left).map(([label, value]) => (
        <Stack key={label} alignItems="center" sx={{ minWidth: 56 }}>
          <Typography
            variant="h4"
            component="span"
            sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700 }}
          >
            {String(value).padStart(2, '0')}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {label}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}
