import { List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { NavLink } from 'react-router';
import CasinoOutlined from '@mui/icons-material/CasinoOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import SellOutlined from '@mui/icons-material/SellOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import type { ReactNode } from 'react';
import { useAuth } from '@/lib/auth';
import { usePublicConfig } from '@/lib/config';
import { paths } from '@/lib/paths';

interface NavItem {
  label: string;
  href: string;
  icon: ReactNode;
}

/** SPEC §2 shell links; Breaks only with its flag, Dashboard only when signed in. */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { isLoggedIn } = useAuth();
  const { flags, supportEmail } = usePublicConfig();
  const items: NavItem[] = [
    { label: 'Grail Machine', href: paths.grailMachine.getHref(), icon: <CasinoOutlined /> },
    { label: 'Store', href: paths.store.getHref(), icon: <StorefrontOutlined /> },
    { label: 'Sell Cards', href: paths.sellCards.getHref(), icon: <SellOutlined /> },
    ...(flags.BREAKS_ENABLED
      ? [{ label: 'Breaks', href: paths.breaks.getHref(), icon: <GroupsOutlined /> }]
      : []),
    ...(isLoggedIn
      ? [{ label: 'Dashboard', href: paths.dashboard.getHref(), icon: <DashboardOutlined /> }]
      : []),
  ];
  const itemSx = {
    borderRadius: 2,
    mb: 0.5,
    '&.active': {
      bgcolor: 'action.selected',
      color: 'secondary.main',
      '& .MuiListItemIcon-root': { color: 'secondary.main' },
    },
  };
  return (
    <List component="nav" aria-label="Main" sx={{ px: 1.5 }}>
      {items.map((item) => (
        <ListItemButton
          key={item.href}
          component={NavLink}
          to={item.href}
          onClick={onNavigate}
          sx={itemSx}
        >
          <ListItemIcon sx={{ minWidth: 40 }}>{item.icon}</ListItemIcon>
          <ListItemText primary={item.label} slotProps={{ primary: { fontWeight: 600 } }} />
        </ListItemButton>
      ))}
      <ListItemButton component="a" href={`mailto:${supportEmail}`} sx={itemSx}>
        <ListItemIcon sx={{ minWidth: 40 }}>
          <SupportAgentOutlined />
        </ListItemIcon>
        <ListItemText primary="Contact Support" slotProps={{ primary: { fontWeight: 600 } }} />
      </ListItemButton>
    </List>
  );
}
