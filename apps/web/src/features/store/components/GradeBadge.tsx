import clsx from 'clsx';
import styles from './GradeBadge.module.css';

/** The slab's grade ('PSA GEM MT 10') or 'Raw', as a compact badge. */
export function GradeBadge({
  label,
  size = 'small',
}: {
  label: string;
  size?: 'small' | 'medium';
}) {
  const raw = label === 'Raw';
  return (
    <span className={clsx(styles.badge, styles[size], raw ? styles.raw : styles.graded)}>
      <span className={styles.label}>{label}</span>
    </span>
  );
}
