import clsx from 'clsx';
import styles from './SummaryRow.module.css';

/** One line of a purchase summary: a label on the left, its amount on the right. */
export function SummaryRow({
  label,
  value,
  strong,
}: {
  label: string;
  value: string;
  strong?: boolean;
}) {
  return (
    <p className={clsx(styles.row, strong && styles.strong)}>
      <span className={styles.label}>{label}</span>
      <span className={styles.value}>{value}</span>
    </p>
  );
}
