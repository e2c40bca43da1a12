import type { ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';

/**
 * A read that failed, with the way to ask again: every page, tab and list that loads something
 * says so the same way. `children` names what could not be loaded.
 */
export function LoadFailed({
  onRetry,
  className,
  children,
}: {
  onRetry: () => unknown;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Alert
      severity="error"
      className={className}
      action={<Button onClick={() => void onRetry()}>Try again</Button>}
    >
      {children}
    </Alert>
  );
}
