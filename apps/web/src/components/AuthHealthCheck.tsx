import { useState } from 'react';
import clsx from 'clsx';
import { checkAuthHealth, type AuthHealth } from '@/lib/api/client';
import ui from '@/lib/styles/ui.module.css';
import styles from './AuthHealthCheck.module.css';
import { Button } from '@/components/ui/Button';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/**
 * The auth health check on demand (SPEC §7: a no-cache current-user call), with its four fields,
 * for someone whose sign-in does not work and for staff helping them.
 */
export function AuthHealthCheck() {
  const [health, setHealth] = useState<AuthHealth | null>(null);
  const [checking, setChecking] = useState(false);
  const run = async () => {
    setChecking(true);
    try {
      setHealth(await checkAuthHealth());
    } finally {
      setChecking(false);
    }
  };
  return (
    <div className={styles.check}>
      <Button
        variant="outlined"
        color="inherit"
        size="small"
        onClick={() => void run()}
        disabled={checking}
      >
        {checking ? 'Checking...' : 'Check the connection to sign-in'}
      </Button>
      <div aria-live="polite">
        {health && (
          <dl className={clsx(styles.fields, ui.body2)} aria-label="Sign-in check">
            <dt>Healthy</dt>
            <dd>{yesNo(health.isHealthy)}</dd>
            <dt>Status</dt>
            <dd>{health.status === 0 ? 'No answer' : health.status}</dd>
            <dt>Valid session</dt>
            <dd>{yesNo(health.hasValidToken)}</dd>
            <dt>Last error</dt>
            <dd>{health.lastAuthError ?? 'None'}</dd>
          </dl>
        )}
      </div>
    </div>
  );
}
