import type { ReactNode } from 'react';
import { Alert, Button } from '@/components/ui';

/** Says what could not be loaded, with a Retry button that asks again. */
export function RetryAlert({
  onRetry,
  className,
  children,
}: {
  onRetry: () => void;
  /** Space around it where the page needs some (a single class of the page's module). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <Alert
      severity="error"
      className={className}
      action={
        <Button size="small" color="error" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
