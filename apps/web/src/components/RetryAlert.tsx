import type { ReactNode } from 'react';
import { Alert, Button, type SxProps, type Theme } from '@mui/material';

/** Says what could not be loaded, with a Retry button that asks again. */
export function RetryAlert({
  onRetry,
  sx,
  children,
}: {
  onRetry: () => void;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
