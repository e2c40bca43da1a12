import { useEffect, useRef } from 'react';
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { useAuth } from '@/lib/auth';
import { usePublicConfig } from '@/lib/config';
import { BreaksTab } from '../components/BreaksTab';
import { LimitsTab } from '../components/LimitsTab';
import { OrdersTab } from '../components/OrdersTab';
import { OverviewTab } from '../components/OverviewTab';
import { PaymentsTab } from '../components/PaymentsTab';
import { PullsTab } from '../components/PullsTab';
import { SettingsTab } from '../components/SettingsTab';
import { SubmissionsTab } from '../components/SubmissionsTab';
import { WalletTab } from '../components/WalletTab';

/** An account made within the last day is new: it is welcomed, not welcomed back. */
const greeting = (createdAt: string) =>
  Date.now() - new Date(createdAt).getTime() < 24 * 3_600_000 ? 'Welcome' : 'Welcome back';

/** The dashboard's tabs; `?tab=` keeps the open one, so links can point at a tab. */
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
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  // The Breaks tab exists only while breaks are on.
  const { flags } = usePublicConfig();
  const shown = (value: DashboardTab) => value !== 'breaks' || flags.BREAKS_ENABLED;
  const tab: DashboardTab = isTab(requested) && shown(requested) ? requested : 'overview';
  const tabs = useRef<HTMLDivElement>(null);
  // When the row is wider than the screen the open tab is centred in it (a link can open any tab):
  // at the edge, the left scroll button appearing would push it out of view again. The scroll
  // buttons appear, and the labels take their font, after the first layout: centre it again then
  // (within the row only: the page itself never scrolls for it).
  useEffect(() => {
    const list = tabs.current?.querySelector('[role="tablist"]');
    const row = list?.parentElement;
    if (!list || !row) return;
    const centre = () => {
      const open = list.querySelector('[aria-selected="true"]')?.getBoundingClientRect();
      if (!open) return;
      const visible = row.getBoundingClientRect();
      row.scrollLeft += open.left + open.width / 2 - (visible.left + visible.width / 2);
    };
    const resized = new ResizeObserver(centre);
    resized.observe(list);
    resized.observe(row);
    return () => resized.disconnect();
  }, [tab, flags.BREAKS_ENABLED]);
  if (!user) return null;

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        Dashboard
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {greeting(user.createdAt)}, {user.displayName ?? user.username}.
      </Typography>
      <Tabs
        ref={tabs}
        value={tab}
        onChange={(_event, next: DashboardTab) => setSearchParams({ tab: next })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Dashboard sections"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {DASHBOARD_TABS.filter((t) => shown(t.value)).map((t) => (
          <Tab
            key={t.value}
            value={t.value}
            label={t.label}
            id={`dashboard-tab-${t.value}`}
            aria-controls="dashboard-panel"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="dashboard-panel" aria-labelledby={`dashboard-tab-${tab}`}>
        {tab === 'overview' && <OverviewTab user={user} />}
        {tab === 'orders' && <OrdersTab />}
        {tab === 'pulls' && <PullsTab />}
        {tab === 'breaks' && <BreaksTab />}
        {tab === 'submissions' && <SubmissionsTab />}
        {tab === 'payments' && <PaymentsTab />}
        {tab === 'wallet' && <WalletTab />}
        {tab === 'limits' && <LimitsTab />}
        {tab === 'settings' && <SettingsTab user={user} />}
      </Box>
    </Box>
  );
}
