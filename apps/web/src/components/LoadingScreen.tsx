import clsx from 'clsx';
import ui from '@/lib/styles/ui.module.css';
import styles from './LoadingScreen.module.css';

/** A centred spinner with a text; `fullScreen` covers the viewport (app start). */
export function LoadingScreen({
  text,
  fullScreen = false,
}: {
  text: string;
  fullScreen?: boolean;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={clsx(styles.screen, fullScreen && styles.fullScreen)}
    >
      <span className={clsx(ui.spinner, styles.spinner)} aria-hidden />
      <p className={clsx(ui.body1, ui.secondaryText)}>{text}</p>
    </div>
  );
}
