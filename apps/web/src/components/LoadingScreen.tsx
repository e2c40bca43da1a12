import clsx from 'clsx';
import ui from '@/lib/styles/ui.module.css';
import styles from './LoadingScreen.module.css';
import { Spinner } from '@/components/ui/Spinner';

/** A centred spinner with a text, in place of a page or section whose code or data is on its way. */
export function LoadingScreen({ text }: { text: string }) {
  return (
    <div role="status" aria-live="polite" className={styles.screen}>
      <Spinner size={40} label={null} className={styles.spinner} />
      <p className={clsx(ui.body1, ui.secondaryText)}>{text}</p>
    </div>
  );
}
