import { useEffect, useRef } from 'react';
import { Box, Tab, Tabs } from '@mui/material';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import type { FeatureFlag } from '@grail/contract';
import { usePublicConfig } from '@/lib/config';
import { paths } from '@/lib/paths';

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
  { label: 'Breaks', href: paths.adminBreaks.getHref(), flag: 'BREAKS_ENABLED' },
  { label: 'Analytics', href: paths.adminAnalytics.getHref(), flag: 'ADVANCED_ANALYTICS' },
  { label: 'Site', href: paths.adminSite.getHref() },
  { label: 'Audit log', href: paths.adminAudit.getHref() },
];

/**
 * The staff console (/admin and its sections, staff only): one row of section links above the
 * section's page. On a phone the row scrolls sideways inside itself, never the page.
 */
export default function AdminConsolePage() {
  const { flags } = usePublicConfig();
  const { pathname } = useLocation();
  const sections = SECTIONS.filter((s) => !s.flag || flags[s.flag]);
  // The longest section path the address starts with (/admin is the prefix of every section).
  const current =
    sections
      .filter((s) => pathname === s.href || pathname.startsWith(`${s.href}/`))
      .sort((a, b) => b.href.length - a.href.length)[0]?.href ?? false;
  const nav = useRef<HTMLElement>(null);
  // On a phone the current section's link is brought into the row's view, also once a flagged
  // section appears and shifts the others. Centred, not just 'nearest': scrolling makes the left
  // scroll button appear, which pushes the row 40 px right and would hide a link put at the edge.
  useEffect(() => {
    nav.current
      ?.querySelector('[aria-selected="true"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [current, sections.length]);
  return (
    <Box sx={{ pt: { xs: 1, sm: 2 } }}>
      <Box
        component="nav"
        ref={nav}
        aria-label="Staff console"
        sx={{ borderBottom: 1, borderColor: 'divider', minWidth: 0 }}
      >
        <Tabs
          value={current}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Staff console sections"
        >
          {sections.map((s) => (
            <Tab
              key={s.href}
              label={s.label}
              value={s.href}
              component={RouterLink}
              to={s.href}
              aria-current={current === s.href ? 'page' : undefined}
            />
          ))}
        </Tabs>
      </Box>
      <Outlet />
    </Box>
  );
}
