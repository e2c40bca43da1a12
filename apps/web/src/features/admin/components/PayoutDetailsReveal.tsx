import { useState } from 'react';
import { X } from 'lucide-react';
import type { PayoutDetailsResponse } from '@grail/contract';
import { Alert, Button } from '@/components/ui';
import styles from './PayoutDetailsReveal.module.css';

/**
 * The full bank or PayPal details behind a payout's mask, shown only when staff ask (the server
 * writes each look to the audit log): a submission's payout, a withdrawal.
 */
export function PayoutDetailsReveal({
  reveal,
}: {
  /** Reads the details (and logs the look). */
  reveal: () => Promise<PayoutDetailsResponse>;
}) {
  const [details, setDetails] = useState<PayoutDetailsResponse | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const show = async () => {
    setPending(true);
    setError(null);
    try {
      setDetails(await reveal());
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not read the details.');
    } finally {
      setPending(false);
    }
  };
  return (
    <div className={styles.reveal}>
      {details ? (
        <Alert
          severity="info"
          className={styles.details}
          action={
            <Button size="small" aria-label="Close" onClick={() => setDetails(null)}>
              <X aria-hidden />
            </Button>
          }
        >
          {details.method === 'bank'
            ? `${details.accountHolder} · routing ${details.routingNumber} · account ${details.accountNumber}`
            : `PayPal ${details.email}`}
        </Alert>
      ) : (
        <Button size="small" variant="outlined" disabled={pending} onClick={() => void show()}>
          Show full details (logged)
        </Button>
      )}
      {error && <Alert severity="error">{error}</Alert>}
    </div>
  );
}
