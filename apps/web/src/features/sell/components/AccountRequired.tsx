import clsx from 'clsx';
import { Award, Lock, ReceiptText, ShieldCheck, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import styles from './AccountRequired.module.css';
import { buttonClass } from '@/components/ui/Button';

const REASONS = [
  {
    icon: TrendingUp,
    title: 'Competitive offers',
    text: 'Get strong, market-based offers on your PSA, BGS and SGC graded cards.',
  },
  {
    icon: ReceiptText,
    title: 'Track submissions and payment history',
    text: 'Follow every submission from offer to payout, all in your dashboard.',
  },
  {
    icon: ShieldCheck,
    title: 'Secure, fast payment',
    text: 'Get paid quickly and safely once your cards are received and verified.',
  },
  {
    icon: Award,
    title: 'Exclusive buying programs',
    text: 'Members get access to special buying programs and bonus offers.',
  },
];

/**
 * What a visitor who is not signed in sees at /sell-cards: the teaser and a way to sign up.
 * Styled at build time: a visitor's /sell-cards loads no MUI.
 */
export function AccountRequired() {
  return (
    <section className={styles.section}>
      <div className={clsx(ui.paper, styles.card)}>
        <div className={styles.lock}>
          <Lock aria-hidden size={35} />
        </div>
        <span className={styles.overline}>Account Required</span>
        <h1 className={styles.title}>Sell Your Graded Cards</h1>
        <p className={clsx(ui.body1, ui.secondaryText, styles.intro)}>
          You need an account to sell your graded cards. Create one in a minute or sign in to start
          your submission.
        </p>
        <ul className={styles.reasons}>
          {REASONS.map(({ icon: Icon, title, text }) => (
            <li key={title} className={styles.reason}>
              <Icon aria-hidden size={24} className={styles.reasonIcon} />
              <div>
                <h2 className={clsx(ui.body1, styles.reasonTitle)}>{title}</h2>
                <p className={clsx(ui.body2, ui.secondaryText)}>{text}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className={styles.actions}>
          <Link
            to={paths.register.getHref({ redirectTo: paths.sellCards.getHref() })}
            className={buttonClass({ variant: 'contained', color: 'secondary', size: 'large' })}
          >
            Create Account
          </Link>
          <Link
            to={paths.login.getHref({ redirectTo: paths.sellCards.getHref() })}
            className={buttonClass({
              variant: 'outlined',
              size: 'large',
            })}
          >
            Sign In
          </Link>
        </div>
      </div>
    </section>
  );
}
