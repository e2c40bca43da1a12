import type { BreakStatus } from '@grail/contract';

export const STATUS_LABEL: Record<BreakStatus, string> = {
  draft: 'Draft',
  open: 'On sale',
  filled: 'Filled',
  live: 'Live',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
