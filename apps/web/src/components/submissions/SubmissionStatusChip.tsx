import { Chip, type ChipProps } from '@mui/material';
import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from '@grail/contract';

/** Waiting on the collector, waiting on us, done well, or done otherwise. */
const COLORS: Record<SubmissionStatus, ChipProps['color']> = {
  submitted: 'info',
  under_review: 'info',
  offer_made: 'warning',
  accepted: 'primary',
  awaiting_shipment: 'warning',
  received: 'primary',
  offer_adjusted: 'warning',
  verified: 'primary',
  paid: 'success',
  declined: 'default',
  expired: 'default',
  returned: 'default',
  cancelled: 'default',
};

/** A submission's status in plain words, coloured by whose move it is. */
export function SubmissionStatusChip({
  status,
  size = 'small',
}: {
  status: SubmissionStatus;
  size?: ChipProps['size'];
}) {
  return (
    <Chip
      size={size}
      label={SUBMISSION_STATUS_LABELS[status]}
      color={COLORS[status]}
      variant={COLORS[status] === 'default' ? 'outlined' : 'filled'}
      data-testid="submission-status"
    />
  );
}
