import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui';
import tab from './tab.module.css';

/** A dashboard section with nothing in it yet: what is missing, and the way to go and get it. */
export function DashboardEmpty({
  children,
  to,
  action,
}: {
  children: ReactNode;
  /** Where the way leads. */
  to: string;
  /** The way's label. */
  action: string;
}) {
  return (
    <div className={tab.empty}>
      <p className={tab.emptyText}>{children}</p>
      <ButtonLink to={to} variant="contained">
        {action}
      </ButtonLink>
    </div>
  );
}
