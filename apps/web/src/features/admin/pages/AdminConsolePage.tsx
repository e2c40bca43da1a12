import { Outlet, useLocation } from 'react-router';
import type { FeatureFlag } from '@grail/contract';
import { usePublicConfig } from '@/lib/config';
import { paths } from '@/lib/paths';
import { SectionNav } from '@/components/SectionNav';
import styles from '../admin.module.css';

interface Section {
  label: string;
  href: string;
  /** Shown only while this feature flag is on. */
  flag?: FeatureFlag;
}

const SECTIONS: Section[] = [
  { label: 'Overview', href: paths.admin.getHref() },
  { label: 'Inventory', href: paths.adminInventory.getHref() },
  { label: 'Shipping', href: paths.adminShipping.getHref() },
  { label: 'Users', href: paths.adminUsers.getHref() },
  { label: 'Submissions', href: paths.adminSubmissions.getHref() },
  { label: 'Withdrawals', href: paths.adminWithdrawals.getHref() },
  { label: 'Custody', href: paths.adminCustody.getHref() },
  { label: 'Marketplace', href: paths.adminMarket.getHref() },
  { label: 'Breaks', href: paths.adminBreaks.getHref(), flag: 'BREAKS_ENABLED' },
  { label: 'Analytics', href: paths.adminAnalytics.getHref(), flag: 'ADVANCED_ANALYTICS' },
  { label: 'Site', href: paths.adminSite.getHref() },
  { label: 'Audit log', href: paths.adminAudit.getHref() },
];

/**
 * The staff console (/admin and its sections, staff only): every section's link above the
 * section's page (a menu on a phone).
 */
export default function AdminConsolePage() {
  const { flags } = usePublicConfig();
  const { pathname } = useLocation();
  const sections = SECTIONS.filter((s) => !s.flag || flags[s.flag]);
  // The longest section path the address starts with (/admin is the prefix of every section).
  const current =
    sections
      .filter((s) => pathname === s.href || pathname.startsWith(`${s.href}/`))
      .sort((a, b) => b.href.length - a.href.length)[0]?.href ?? null;
  return (
    <div className={styles.console}>
      <SectionNav
        label="Staff console"
        sections={sections.map((s) => ({
          label: s.label,
          href: s.href,
          current: s.href === current,
        }))}
      />
      <Outlet />
    </div>
  );
}
