import { Chip } from '@mui/material';

/** The slab's grade ('PSA GEM MT 10') or 'Raw', as a compact badge. */
export function GradeBadge({
  label,
  size = 'small',
}: {
  label: string;
  size?: 'small' | 'medium';
}) {
  const raw = label === 'Raw';
  return (
    <Chip
      label={label}
      size={size}
      color={raw ? 'default' : 'primary'}
      variant={raw ? 'outlined' : 'filled'}
      sx={{ fontWeight: 700, maxWidth: '100%' }}
    />
  );
}
