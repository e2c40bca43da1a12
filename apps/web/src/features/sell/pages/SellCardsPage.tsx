import { Suspense, lazy } from 'react';
import type { PublicUser } from '@grail/contract';
import { hasSignedInHint } from '@/lib/api/tokens';
import { useAuth } from '@/lib/auth';
import { LoadingScreen } from '@/components/LoadingScreen';
import { AccountRequired } from '../components/AccountRequired';

/**
 * The signed-in page and its sell form are styled at run time: they and MUI's theme download only
 * for a collector, so a visitor's /sell-cards loads no MUI.
 */
const loadOverview = () =>
  Promise.all([
    import('../components/SellCardsOverview'),
    import('@/lib/theme/MuiThemeScope'),
  ]).then(([overview, scope]) => ({
    default: function ThemedOverview({ user }: { user: PublicUser }) {
      return (
        <scope.MuiThemeScope>
          <overview.SellCardsOverview user={user} />
        </scope.MuiThemeScope>
      );
    },
  }));
const SellCardsOverview = lazy(loadOverview);
// A browser that was signed in downloads it while the current-user check runs; a failure here is
// reported when the page renders it.
if (hasSignedInHint()) loadOverview().catch(() => undefined);

/** /sell-cards is not redirected: a visitor sees why to register; a collector, the sell form. */
export default function SellCardsPage() {
  const { isLoggedIn, user } = useAuth();
  if (!isLoggedIn || !user) return <AccountRequired />;
  return (
    <Suspense fallback={<LoadingScreen text="Loading..." />}>
      <SellCardsOverview user={user} />
    </Suspense>
  );
}
