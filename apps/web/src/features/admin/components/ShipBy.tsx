import clsx from 'clsx';
import { Badge } from '@/components/ui';
import { dateTimeFormat } from '@/lib/format';
import admin from '../admin.module.css';
import { dueText } from './dueText';

/** Something staff must ship by a deadline: a box from the vault, an order or a pull. */
type Due = { shipBy: string; overdue: boolean; username: string; email: string };

/** How long until the deadline, or how long past it (filled red once overdue). */
export function DueBadge({ due, now }: { due: Due; now: number }) {
  return (
    <Badge tone={due.overdue ? 'error' : 'neutral'} variant={due.overdue ? 'filled' : 'outlined'}>
      {dueText(due.shipBy, now)}
    </Badge>
  );
}

/** The deadline and whose it is, under the head of a thing to ship. */
export function ShipByLine({ due, className }: { due: Due; className?: string }) {
  return (
    <p className={clsx(admin.muted, admin.small, className)}>
      Ship by {dateTimeFormat.format(new Date(due.shipBy))} · {due.username} ({due.email})
    </p>
  );
}
