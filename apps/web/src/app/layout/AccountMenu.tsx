import { Menu, MenuItem } from '@mui/material';
import { useNavigate } from 'react-router';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { MuiThemeScope } from '@/lib/theme/MuiThemeScope';

/**
 * The 'My Account' menu: Dashboard and Logout. It keeps MUI's Menu (popover, focus handling,
 * keyboard navigation): its code loads on first open, never with the first screen.
 */
export function AccountMenu({
  anchor,
  onClose,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return (
    <MuiThemeScope>
      <Menu
        id="my-account-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': 'my-account-button' } }}
      >
        <MenuItem
          onClick={() => {
            onClose();
            navigate(paths.dashboard.getHref());
          }}
        >
          Dashboard
        </MenuItem>
        <MenuItem
          onClick={() => {
            onClose();
            void logout();
          }}
        >
          Logout
        </MenuItem>
      </Menu>
    </MuiThemeScope>
  );
}
