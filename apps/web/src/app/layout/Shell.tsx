import { Suspense, lazy, useState } from 'react';
import { Menu } from 'lucide-react';
import { Outlet } from 'react-router';
import { LoadingScreen } from '@/components/LoadingScreen';
import { useServerTheme } from '@/lib/theme';
import { useMediaQuery } from '@/lib/useMediaQuery';
import ui from '@/lib/styles/ui.module.css';
import { AccountArea } from './AccountArea';
import { Brand } from './Brand';
import { Footer } from './Footer';
import { HeaderStatus } from './HeaderStatus';
import { NotificationBell } from './NotificationBell';
import { ScrollToTop } from './ScrollToTop';
import { Sidebar } from './Sidebar';
import { SignUpPrompt } from './SignUpPrompt';
import { RealityCheck } from '@/features/dashboard/components/RealityCheck';
import { AnalyticsConsent } from '@/features/analytics/AnalyticsConsent';
import { TestModeBadge } from './TestModeBadge';
import styles from './Shell.module.css';
import { buttonClass } from '@/components/ui/Button';

// Off the first paint: the player brings the music synthesizer, the drawer MUI's modal, focus trap
// and slide.
const MusicPlayer = lazy(() => import('./MusicPlayer').then((m) => ({ default: m.MusicPlayer })));
const MobileMenu = lazy(() => import('./MobileMenu').then((m) => ({ default: m.MobileMenu })));

/** The frame around every page: sidebar (drawer below 900 px), top bar, content, footer. */
export function Shell() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Built on first use, then kept so it can slide out when closed.
  const [drawerBuilt, setDrawerBuilt] = useState(false);
  const desktop = useMediaQuery('(min-width: 900px)');
  useServerTheme();
  const close = () => setDrawerOpen(false);

  return (
    <div className={styles.shell}>
      <ScrollToTop />
      <a href="#main" className={styles.skipLink}>
        Skip to main content
      </a>
      {/* Only the navigation this width uses is rendered: a phone never builds the sidebar. */}
      {desktop ? (
        <>
          <Sidebar />
          <Suspense fallback={null}>
            <MusicPlayer />
          </Suspense>
        </>
      ) : (
        drawerBuilt && (
          <Suspense fallback={null}>
            <MobileMenu open={drawerOpen} onClose={close} />
          </Suspense>
        )
      )}

      <div className={styles.column}>
        <header className={styles.topBar}>
          <div className={styles.toolbar}>
            <button
              type="button"
              onClick={() => {
                setDrawerBuilt(true);
                setDrawerOpen(true);
              }}
              className={buttonClass({
                variant: 'text',
                color: 'inherit',
                className: styles.menuButton,
              })}
              aria-expanded={drawerOpen}
            >
              <Menu aria-hidden size={20} />
              {/* On a phone the icon stands for it (the header has no room); the name stays. */}
              <span className={ui.labelOnWide}>Menu</span>
            </button>
            <div className={styles.brand}>
              <Brand />
            </div>
            <TestModeBadge />
            <div className={styles.spacer} />
            <div className={styles.account}>
              <HeaderStatus />
              <NotificationBell />
              <AccountArea />
            </div>
          </div>
        </header>
        <main id="main" tabIndex={-1} className={styles.main}>
          <div className={styles.content}>
            <Suspense fallback={<LoadingScreen text="Loading..." />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
        <Footer />
      </div>
      <SignUpPrompt />
      <RealityCheck />
      <AnalyticsConsent />
    </div>
  );
}
