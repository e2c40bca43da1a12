import { trackingUrl } from '@grail/contract';
import styles from './TrackingLink.module.css';

type Props = { carrier: string | null; trackingNumber: string };

/**
 * A tracking number, linked to the carrier's tracking page when we know it (a new tab, so the
 * collector keeps the dashboard); plain text for any other carrier.
 */
export function TrackingLink({ carrier, trackingNumber }: Props) {
  const url = carrier ? trackingUrl(carrier, trackingNumber) : null;
  if (!url) return <>{trackingNumber}</>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Track ${trackingNumber} on the ${carrier} website (opens in a new tab)`}
      className={styles.link}
    >
      {trackingNumber}
    </a>
  );
}
