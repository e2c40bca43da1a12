import { useSearchParams } from 'react-router';
import { SectionNav } from '@/components/SectionNav';
import { useAuth } from '@/lib/auth';
import { usePublicConfig } from '@/lib/config';
import { paths } from '@/lib/paths';
import { BreaksTab } from '../components/BreaksTab';
import { LimitsTab } from '../components/LimitsTab';
import { OrdersTab } from '../components/OrdersTab';
import { OverviewTab } from '../components/OverviewTab';
import { PaymentsTab } from '../components/PaymentsTab';
import { PullsTab } from '../components/PullsTab';
import { SettingsTab } from '../components/SettingsTab';
import { SubmissionsTab } from '../components/SubmissionsTab';
import { WalletTab } from '../components/WalletTab';
import styles from './DashboardPage.module.css';

/** An account made within the last day is new: it is welcomed, not welcomed back. */
const greeting = (createdAt: string) =>
  Date.now() - new Date(createdAt).getTime() < 24 * 3_600_000 ? 'Welcome' : 'Welcome back';

/** The dashboard's sections; `?tab=` names the open one, so links can point at a section. */
export const DASHBOARD_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'orders', label: 'Orders' },
  { value: 'pulls', label: 'My Pulls' },
  { value: 'breaks', label: 'Breaks' },
  { value: 'submissions', label: 'Submissions' },
  { value: 'payments', label: 'Payouts' },
  { value: 'wallet', label: 'Wallet' },
  { value: 'limits', label: 'Limits' },
  { value: 'settings', label: 'Settings' },
] as const;
type DashboardTab = (typeof DASHBOARD_TABS)[number]['value'];

const isTab = (value: string | null): value is DashboardTab =>
  DASHBOARD_TABS.some((tab) => tab.value === value);

/** /dashboard (signed in): the account, orders, pulls, wallet and settings. */
export default function DashboardPage() {
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  // The Breaks tab exists only while breaks are on.
  const { flags } = usePublicConfig();
  const shown = (value: DashboardTab) => value !== 'breaks' || flags.BREAKS_ENABLED;
  const tab: DashboardTab = isTab(requested) && shown(requested) ? requested : 'overview';
  if (!user) return null;

  return (
    <div>
      <h1 className={styles.title}>Dashboard</h1>
      <p className={styles.greeting}>
        {greeting(user.createdAt)}, {user.displayName ?? user.username}.
      </p>
      <SectionNav
        label="Dashboard"
        sections={DASHBOARD_TABS.filter((t) => shown(t.value)).map((t) => ({
          label: t.label,
          href: paths.dashboard.getHref({ tab: t.value }),
          current: t.value === tab,
        }))}
      />
      <div>
        {tab === 'overview' && <OverviewTab user={user} />}
        {tab === 'orders' && <OrdersTab />}
        {tab === 'pulls' && <PullsTab />}
        {tab === 'breaks' && <BreaksTab />}
        {tab === 'submissions' && <SubmissionsTab />}
        {tab === 'payments' && <PaymentsTab />}
        {tab === 'wallet' && <WalletTab />}
        {tab === 'limits' && <LimitsTab />}
        {tab === 'settings' && <SettingsTab user={user} />}
      </div>
    </div>
  );
}
