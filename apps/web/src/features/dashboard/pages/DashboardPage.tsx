import { useSearchParams } from 'react-router';
import {
  DASHBOARD_PAGES,
  DASHBOARD_TABS,
  DashboardNav,
  useDashboardSectionShown,
  type DashboardSection,
} from '@/components/DashboardNav';
import { useAuth } from '@/lib/auth';
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

/** The sections this page shows as tabs: every dashboard section but those with pages of their own. */
type DashboardTab = Exclude<DashboardSection, keyof typeof DASHBOARD_PAGES>;
const isTab = (value: string | null): value is DashboardTab =>
  value !== null &&
  !(value in DASHBOARD_PAGES) &&
  DASHBOARD_TABS.some((tab) => tab.value === value);

/** /dashboard (signed in): the account, orders, pulls, wallet and settings. */
export default function DashboardPage() {
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const shown = useDashboardSectionShown();
  const tab: DashboardTab = isTab(requested) && shown(requested) ? requested : 'overview';
  if (!user) return null;

  return (
    <div>
      <h1 className={styles.title}>Dashboard</h1>
      <p className={styles.greeting}>
        {greeting(user.createdAt)}, {user.displayName ?? user.username}.
      </p>
      <DashboardNav current={tab} />
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
