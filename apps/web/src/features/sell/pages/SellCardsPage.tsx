import { useAuth } from '@/lib/auth';
import { AccountRequired } from '../components/AccountRequired';
import { SellCardsOverview } from '../components/SellCardsOverview';

/** /sell-cards is not redirected: a visitor sees why to register (SPEC §2). */
export default function SellCardsPage() {
  const { isLoggedIn } = useAuth();
  return isLoggedIn ? <SellCardsOverview /> : <AccountRequired />;
}
