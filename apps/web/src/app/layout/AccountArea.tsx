import { useState } from 'react';
import { Button, Menu, MenuItem, Stack } from '@mui/material';
import { Link, useNavigate } from 'react-router';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';

/** Signed in: the 'My Account' menu; a visitor: Login and Register. */
export function AccountArea() {
  const { isLoggedIn, logout } = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!isLoggedIn) {
    return (
      <Stack direction="row" spacing={1}>
        <Button component={Link} to={paths.login.getHref()} color="inherit" size="small">
          Login
        </Button>
        <Button
          component={Link}
          to={paths.register.getHref()}
          variant="contained"
          color="secondary"
          size="small"
        >
          Register
        </Button>
      </Stack>
    );
  }
  return (
    <>
      <Button
        id="my-account-button"
        color="inherit"
        size="small"
        startIcon={<AccountCircleOutlined />}
        endIcon={<ExpandMore />}
        aria-haspopup="menu"
        aria-controls={anchor ? 'my-account-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        My Account
      </Button>
      <Menu
        id="my-account-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': 'my-account-button' } }}
      >
        <MenuItem
          onClick={() => {
            setAnchor(null);
            navigate(paths.dashboard.getHref());
          }}
        >
          Dashboard
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void logout();
          }}
        >
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
