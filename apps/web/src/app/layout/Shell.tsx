import { Suspense, lazy, useState } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { AppBar, Box, Button, Stack, Toolbar, useMediaQuery } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { Outlet } from 'react-router';
import { LoadingScreen } from '@/components/LoadingScreen';
import { useServerTheme } from '@/lib/theme';
import { AccountArea } from './AccountArea';
import { Brand } from './Brand';
import { Footer } from './Footer';
import { ScrollToTop } from './ScrollToTop';
import { SIDEBAR_WIDTH, SidebarContent, getSidebarTheme, sidebarPaper } from './Sidebar';

// Off the first paint: these bring Popper, Chip, Modal and transitions the first screen does not
// need.
const MusicPlayer = lazy(() => import('./MusicPlayer').then((m) => ({ default: m.MusicPlayer })));
const TestModeBadge = lazy(() =>
  import('./TestModeBadge').then((m) => ({ default: m.TestModeBadge })),
);
const SignUpPrompt = lazy(() =>
  import('./SignUpPrompt').then((m) => ({ default: m.SignUpPrompt })),
);
const MobileMenu = lazy(() => import('./MobileMenu').then((m) => ({ default: m.MobileMenu })));

/** The frame around every page: sidebar (drawer below 900 px), top bar, content, footer. */
export function Shell() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Built on first use, then kept so it can slide out when closed.
  const [drawerBuilt, setDrawerBuilt] = useState(false);
  const desktop = useMediaQuery((theme) => theme.breakpoints.up('md'), { noSsr: true });
  useServerTheme();
  const close = () => setDrawerOpen(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <ScrollToTop />
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'fixed',
          left: 12,
          top: -60,
          zIndex: (t) => t.zIndex.tooltip,
          px: 2,
          py: 1,
          borderRadius: 1,
          bgcolor: 'secondary.main',
          color: 'secondary.contrastText',
          fontWeight: 700,
          '&:focus': { top: 12 },
        }}
      >
        Skip to main content
      </Box>
      {/* Only the navigation this width uses is rendered: a phone never builds the sidebar. */}
      {desktop ? (
        <ThemeProvider theme={getSidebarTheme()}>
          {/* A docked sidebar needs no drawer: a fixed aside with its width reserved beside it. */}
          <Box sx={{ width: SIDEBAR_WIDTH, flexShrink: 0 }}>
            <Box
              component="aside"
              aria-label="Sidebar"
              sx={{
                ...sidebarPaper,
                position: 'fixed',
                top: 0,
                left: 0,
                bottom: 0,
                width: SIDEBAR_WIDTH,
                overflowY: 'auto',
                zIndex: (t) => t.zIndex.drawer,
                color: 'text.primary',
              }}
            >
              <SidebarContent />
            </Box>
          </Box>
          <Suspense fallback={null}>
            <MusicPlayer />
          </Suspense>
        </ThemeProvider>
      ) : (
        drawerBuilt && (
          <Suspense fallback={null}>
            <MobileMenu open={drawerOpen} onClose={close} />
          </Suspense>
        )
      )}

      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar
          position="sticky"
          color="inherit"
          elevation={0}
          sx={{
            borderBottom: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
            backdropFilter: 'blur(8px)',
          }}
        >
          <Toolbar sx={{ gap: 1.5, minHeight: { xs: 60, md: 64 } }}>
            <Button
              onClick={() => {
                setDrawerBuilt(true);
                setDrawerOpen(true);
              }}
              startIcon={<MenuIcon />}
              color="inherit"
              sx={{ display: { xs: 'inline-flex', md: 'none' }, ml: -1 }}
              aria-expanded={drawerOpen}
            >
              Menu
            </Button>
            <Box sx={{ display: { xs: 'none', sm: 'block', md: 'none' } }}>
              <Brand />
            </Box>
            <Suspense fallback={null}>
              <TestModeBadge />
            </Suspense>
            <Box sx={{ flexGrow: 1 }} />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <AccountArea />
            </Stack>
          </Toolbar>
        </AppBar>
        <Box
          component="main"
          id="main"
          tabIndex={-1}
          // At least a screen tall: the footer starts below the fold, so a page arriving after
          // the "Loading..." fallback does not push a visible footer down (layout shift).
          sx={{
            flexGrow: 1,
            minHeight: '100vh',
            px: { xs: 2, sm: 3, md: 5 },
            py: { xs: 3, md: 4 },
            width: '100%',
            '&:focus': { outline: 'none' },
          }}
        >
          <Box sx={{ maxWidth: 1240, mx: 'auto' }}>
            <Suspense fallback={<LoadingScreen text="Loading..." />}>
              <Outlet />
            </Suspense>
          </Box>
        </Box>
        <Footer />
      </Box>
      <Suspense fallback={null}>
        <SignUpPrompt />
      </Suspense>
    </Box>
  );
}
