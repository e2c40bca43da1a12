import clsx from 'clsx';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import { ThemeToggle } from './ThemeToggle';
import styles from './Footer.module.css';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={styles.row}>
        <p className={clsx(ui.body2, ui.secondaryText)}>
          © {new Date().getFullYear()} Grail Machine. Graded and raw sports cards, shipped within 48
          hours.
        </p>
        <div className={styles.links}>
          <Link to={paths.privacyPolicy.getHref()} className={styles.link}>
            Privacy Policy
          </Link>
          <Link to={paths.termsOfService.getHref()} className={styles.link}>
            Terms of Service
          </Link>
          <ThemeToggle />
        </div>
      </div>
    </footer>
  );
}
