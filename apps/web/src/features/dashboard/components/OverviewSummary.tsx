import { Link } from 'react-router';
import { Card, Skeleton } from '@/components/ui';
import { formatMoment, formatUsd } from '@/lib/format';
import { useNotifications } from '@/lib/api/notifications';
import { useWallet } from '@/lib/api/wallet';
import { paths } from '@/lib/paths';
import { useVaultTotals } from '../api/overview';
import styles from './OverviewSummary.module.css';

const LATEST = 5;
const signed = (dollars: number) => `${dollars > 0 ? '+' : ''}${formatUsd(dollars)}`;

/** The Overview's lead: what needs an answer, the portfolio, the wallet and the latest activity. */
export function OverviewSummary() {
  const list = useNotifications();
  const vault = useVaultTotals();
  const wallet = useWallet();
  const all = list.data?.pages.flatMap((p) => p.notifications) ?? [];
  const waiting = all.filter((n) => n.needsAnswer);
  const latest = all.filter((n) => !n.needsAnswer).slice(0, LATEST);
  return (
    <div className={styles.summary}>
      <Card title="Needs your answer" className={styles.wide}>
        {!list.data ? (
          <Skeleton variant="rounded" height={48} />
        ) : waiting.length === 0 ? (
          <p className={styles.note}>Nothing is waiting for you.</p>
        ) : (
          <ul className={styles.list}>
            {waiting.map((n) => (
              <li key={n._id}>
                <Link to={n.link}>{n.title}</Link>
                <span className={styles.note}>{n.body}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Portfolio">
        {vault.data ? (
          <dl className={styles.figures}>
            <dt>Value</dt>
            <dd data-testid="overview-value">{formatUsd(vault.data.value)}</dd>
            <dt>Gain or loss</dt>
            <dd data-testid="overview-gain">{signed(vault.data.gain)}</dd>
          </dl>
        ) : (
          <Skeleton variant="rounded" height={48} />
        )}
        <Link to={paths.vault.getHref()}>Open your vault</Link>
      </Card>
      <Card title="Wallet">
        {wallet.data ? (
          <dl className={styles.figures}>
            <dt>Cash</dt>
            <dd data-testid="overview-cash">{formatUsd(wallet.data.cash)}</dd>
            <dt>Store credit</dt>
            <dd data-testid="overview-credit">{formatUsd(wallet.data.storeCredit)}</dd>
          </dl>
        ) : (
          <Skeleton variant="rounded" height={48} />
        )}
        <Link to={paths.dashboard.getHref({ tab: 'wallet' })}>Open your wallet</Link>
      </Card>
      <Card title="Latest activity" className={styles.wide}>
        {!list.data ? (
          <Skeleton variant="rounded" height={96} />
        ) : latest.length === 0 ? (
          <p className={styles.note}>No activity yet.</p>
        ) : (
          <ul className={styles.list}>
            {latest.map((n) => (
              <li key={n._id}>
                <Link to={n.link}>{n.title}</Link>
                <span className={styles.note}>{formatMoment(n.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
        <Link to={paths.notifications.getHref()}>All notifications</Link>
      </Card>
    </div>
  );
}
