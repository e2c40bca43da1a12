import clsx from 'clsx';
import ui from '@/lib/styles/ui.module.css';
import styles from './LoadingScreen.module.css';

/** A centred spinner with a text, in place of a page or section whose code or data is on its way. */
export function LoadingScreen({ text }: { text: string }) {
  return (
    <div role="status" aria-live="polite" className={styles.screen}>
      <span className={clsx(ui.spinner, styles.spinner)} aria-hidden />
      <p className={clsx(ui.body1, ui.secondaryText)}>{text}</p>
    </div>
  );
}
