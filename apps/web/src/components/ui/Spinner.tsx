import clsx from 'clsx';
import styles from './Spinner.module.css';

/**
 * A turning ring in the current colour. With a `label` it is a status screen readers announce;
 * `label={null}` hides it from them (the button or region beside it already says what runs).
 */
export function Spinner({
  size = 24,
  label = 'Loading',
  className,
}: {
  size?: number;
  label?: string | null;
  className?: string;
}) {
  return (
    <span
      role={label ? 'status' : undefined}
      aria-label={label ?? undefined}
      aria-hidden={label ? undefined : true}
      className={clsx(styles.spinner, className)}
      style={{ width: size, height: size }}
    />
  );
}
