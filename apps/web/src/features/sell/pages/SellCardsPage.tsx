import { Suspense, lazy } from 'react';
import { hasSignedInHint } from '@/lib/api/tokens';
import { useAuth } from '@/lib/auth';
import { LoadingScreen } from '@/components/LoadingScreen';
import { AccountRequired } from '../components/AccountRequired';

/** The signed-in page and its sell form download only for a collector, not for a visitor. */
const loadOverview = () =>
  import('../components/SellCardsOverview').then((overview) => ({
    default: overview.SellCardsOverview,
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
