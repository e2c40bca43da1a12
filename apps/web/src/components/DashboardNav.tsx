import { SectionNav } from '@/components/SectionNav';
import { usePublicConfig } from '@/lib/config';
import { paths } from '@/lib/paths';

/** The dashboard's sections; `?tab=` names the open one, so links can point at a section. */
export const DASHBOARD_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'vault', label: 'Vault' },
  { value: 'orders', label: 'Orders' },
  { value: 'pulls', label: 'My Pulls' },
  { value: 'breaks', label: 'Breaks' },
  { value: 'submissions', label: 'Submissions' },
  { value: 'payments', label: 'Payouts' },
  { value: 'wallet', label: 'Wallet' },
  { value: 'limits', label: 'Limits' },
  { value: 'settings', label: 'Settings' },
] as const;
export type DashboardSection = (typeof DASHBOARD_TABS)[number]['value'];

/** Sections that are pages of their own; every other section is a tab of /dashboard. */
export const DASHBOARD_PAGES = {
  vault: paths.vault.getHref(),
  notifications: paths.notifications.getHref(),
} as const;

const hrefOf = (value: DashboardSection) =>
  value in DASHBOARD_PAGES
    ? DASHBOARD_PAGES[value as keyof typeof DASHBOARD_PAGES]
    : paths.dashboard.getHref({ tab: value });

/** Whether a section is on: the Breaks tab exists only while breaks are on. */
export function useDashboardSectionShown() {
  const { flags } = usePublicConfig();
  return (value: DashboardSection) => value !== 'breaks' || flags.BREAKS_ENABLED;
}

/** The dashboard's section links, `current` marked, on the dashboard and on the vault page. */
export function DashboardNav({ current }: { current: DashboardSection }) {
  const shown = useDashboardSectionShown();
  return (
    <SectionNav
      label="Dashboard"
      sections={DASHBOARD_TABS.filter((t) => shown(t.value)).map((t) => ({
        label: t.label,
        href: hrefOf(t.value),
        current: t.value === current,
      }))}
    />
  );
}
