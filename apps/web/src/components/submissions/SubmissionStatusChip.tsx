import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from '@grail/contract';
import { Badge } from '@/components/ui';

type Tone = 'neutral' | 'primary' | 'info' | 'success' | 'warning';

/** Waiting on the collector, waiting on us, done well, or done otherwise. */
const TONES: Record<SubmissionStatus, Tone> = {
  submitted: 'info',
  under_review: 'info',
  offer_made: 'warning',
  accepted: 'primary',
  awaiting_shipment: 'warning',
  received: 'primary',
  offer_adjusted: 'warning',
  verified: 'primary',
  paid: 'success',
  declined: 'neutral',
  expired: 'neutral',
  returned: 'neutral',
  cancelled: 'neutral',
};

/** A submission's status in plain words, coloured by whose move it is. */
export function SubmissionStatusChip({ status }: { status: SubmissionStatus }) {
  return (
    <span data-testid="submission-status">
      <Badge tone={TONES[status]} variant={TONES[status] === 'neutral' ? 'outlined' : 'filled'}>
        {SUBMISSION_STATUS_LABELS[status]}
      </Badge>
    </span>
  );
}
