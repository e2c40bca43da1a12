import { Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A one-line error or warning, announced to screen readers. Lighter than MUI's Alert (no icon
 * set, no Paper), because it sits in the first screen's code.
 */
export function Notice({
  severity,
  children,
}: {
  severity: 'error' | 'warning';
  children: ReactNode;
}) {
  return (
    <Typography
      role="alert"
      sx={{
        maxWidth: 520,
        mx: 'auto',
        mb: 2,
        px: 2,
        py: 1.25,
        borderRadius: 2,
        border: 1,
        borderColor: `${severity}.main`,
        color: 'text.primary',
        fontWeight: 600,
        textAlign: 'center',
      }}
    >
      {children}
    </Typography>
  );
}
