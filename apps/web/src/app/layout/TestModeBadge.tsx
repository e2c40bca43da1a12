import clsx from 'clsx';
import { FlaskConical } from 'lucide-react';
import { usePublicConfig } from '@/lib/config';
import ui from '@/lib/styles/ui.module.css';
import styles from './TestModeBadge.module.css';

/** Shown on every page while payments go to the sandbox provider: no real money moves. */
export function TestModeBadge() {
  const { paymentProvider } = usePublicConfig();
  if (paymentProvider !== 'sandbox') return null;
  return (
    <div
      data-testid="test-mode-badge"
      title="Payments run in the sandbox: no real money is charged."
      className={styles.badge}
    >
      <FlaskConical aria-hidden size={16} />
      {/* On a phone the flask stands for it, so the account links keep their room. */}
      <span className={clsx(ui.labelOnWide, styles.label)}>Test mode</span>
    </div>
  );
}
