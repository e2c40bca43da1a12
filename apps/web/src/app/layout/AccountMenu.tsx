import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Menu } from '@/components/ui/Menu';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';

/**
 * The 'My Account' menu: Dashboard, Vault and Logout. Its code loads on the trigger's first press, never
 * with the first screen, so it appears open; after that the trigger opens and closes it.
 */
export function AccountMenu({ trigger }: { trigger: ReactNode }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return (
    <Menu
      defaultOpen
      trigger={trigger}
      label="My Account"
      items={[
        { label: 'Dashboard', onSelect: () => navigate(paths.dashboard.getHref()) },
        { label: 'Vault', onSelect: () => navigate(paths.vault.getHref()) },
        { label: 'Logout', onSelect: () => void logout() },
      ]}
    />
  );
}
