import { Link as RouterLink } from 'react-router';
import { Banknote, ClipboardList, Tag, Truck } from 'lucide-react';
import type { PublicUser } from '@grail/contract';
import { Alert, Skeleton } from '@/components/ui';
import { paths } from '@/lib/paths';
import { useSellSettings } from '../api/settings';
import { SellForm } from './SellForm';
import styles from './SellCardsOverview.module.css';
import { LoadFailed } from '@/components/ui/LoadFailed';

const STEPS = [
  {
    Icon: ClipboardList,
    title: 'Describe your slabs',
    text: 'PSA, BGS, SGC or CGC: the cert number, the card, its grade and a photo of each side.',
  },
  {
    Icon: Tag,
    title: 'Get an offer',
    text: 'Our buyers review every card and make an offer, open for 7 days.',
  },
  {
    Icon: Truck,
    title: 'Ship them to us',
    text: 'Accept, print the packing slip and send the cards in with tracking.',
  },
  {
    Icon: Banknote,
    title: 'Get paid',
    text: 'Store credit with a bonus, a bank transfer or PayPal once the cards are verified.',
  },
];

function HowItWorks({ bonusPercent }: { bonusPercent: number | undefined }) {
  return (
    <ol className={styles.steps}>
      {STEPS.map(({ Icon, title, text }, i) => (
        <li key={title} className={styles.step}>
          <div className={styles.stepMarks} aria-hidden>
            <span className={styles.stepNumber}>{i + 1}</span>
            <Icon className={styles.stepIcon} />
          </div>
          <h2 className={styles.stepTitle}>{title}</h2>
          <p className={styles.stepText}>
            {i === 3 && bonusPercent !== undefined
              ? `Store credit with a ${bonusPercent}% bonus, a bank transfer or PayPal once the cards are verified.`
              : text}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** Before selling, the same rules as buying: a verified e-mail and a complete 18+ profile. */
function NotYetEligible({ user }: { user: PublicUser }) {
  return (
    <Alert severity="info" title="One step before you can sell">
      {!user.emailVerified && (
        <p className={styles.body2}>
          Verify your email address: open the link we sent to {user.email}, or send a new one from
          your dashboard settings.
        </p>
      )}
      {!user.profileComplete && (
        <p className={styles.body2}>
          Complete your profile (name, date of birth and address; you must be 18 or older).{' '}
          <RouterLink
            to={paths.completeProfile.getHref({ redirectTo: paths.sellCards.getHref() })}
            className={styles.link}
          >
            Complete your profile
          </RouterLink>
        </p>
      )}
    </Alert>
  );
}

/** The signed-in /sell-cards page: how selling works, then the submission form. */
export function SellCardsOverview({ user }: { user: PublicUser }) {
  const eligible = user.emailVerified && user.profileComplete;
  const settings = useSellSettings(eligible);
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>Sell Your Graded Cards</h1>
      <p className={styles.intro}>
        Tell us about your slabs and get an offer for each. Nothing is sold until you accept, and
        you can follow every submission in your dashboard.
      </p>
      <HowItWorks bonusPercent={settings.data?.creditBonusPercent} />
      {!eligible ? (
        <NotYetEligible user={user} />
      ) : settings.isPending ? (
        <div className={styles.loading} aria-busy="true" aria-label="Loading the sell form">
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={360} />
        </div>
      ) : settings.isError ? (
        <LoadFailed onRetry={settings.refetch}>
          Could not load the sell form. Check your connection and try again.
        </LoadFailed>
      ) : (
        <>
          {settings.data.openCount > 0 && (
            <Alert severity="info" className={styles.open}>
              You have {settings.data.openCount} submission
              {settings.data.openCount === 1 ? '' : 's'} in progress.{' '}
              <RouterLink
                to={paths.dashboard.getHref({ tab: 'submissions' })}
                className={styles.link}
              >
                See them in your dashboard
              </RouterLink>
            </Alert>
          )}
          <SellForm settings={settings.data} />
        </>
      )}
    </section>
  );
}
