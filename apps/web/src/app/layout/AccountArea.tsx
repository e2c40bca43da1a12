import { Suspense, lazy, useState } from 'react';
import { Button, Stack } from '@mui/material';
import { Link } from 'react-router';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';

const AccountMenu = lazy(() => import('./AccountMenu').then((m) => ({ default: m.AccountMenu })));

/** Signed in: the 'My Account' menu; a visitor: Login and Register. */
export function AccountArea() {
  const { isLoggedIn } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Built on first open, then kept so it can fade out when closed.
  const [menuBuilt, setMenuBuilt] = useState(false);
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
        onClick={(event) => {
          setMenuBuilt(true);
          setAnchor(event.currentTarget);
        }}
        sx={{ whiteSpace: 'nowrap' }}
      >
        My Account
      </Button>
      {menuBuilt && (
        <Suspense fallback={null}>
          <AccountMenu anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
