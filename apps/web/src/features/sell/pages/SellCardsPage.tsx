import { useAuth } from '@/lib/auth';
import { AccountRequired } from '../components/AccountRequired';
import { SellCardsOverview } from '../components/SellCardsOverview';

/** /sell-cards is not redirected: a visitor sees why to register; a collector, the sell form. */
export default function SellCardsPage() {
  const { isLoggedIn, user } = useAuth();
  return isLoggedIn && user ? <SellCardsOverview user={user} /> : <AccountRequired />;
}
