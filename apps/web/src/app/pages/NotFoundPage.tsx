import clsx from 'clsx';
import { House } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import styles from './NotFoundPage.module.css';
import { buttonClass } from '@/components/ui/Button';

/** Styled at build time: an unknown address shows at once, without loading a page's code. */
export function NotFoundPage() {
  return (
    <section className={styles.page}>
      <title>Page not found | Grail Machine</title>
      <p aria-hidden className={styles.code}>
        404
      </p>
      <h1 className={clsx(ui.h4, styles.title)}>404 - Not Found</h1>
      <p className={clsx(ui.body1, ui.secondaryText, styles.text)}>
        Sorry, the page you are looking for does not exist.
      </p>
      <Link
        to={paths.home.getHref()}
        className={buttonClass({ variant: 'contained', size: 'large' })}
      >
        <House aria-hidden />
        Go back home
      </Link>
    </section>
  );
}
