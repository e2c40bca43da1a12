import clsx from 'clsx';
import styles from './Skeleton.module.css';

/**
 * A grey block where content will be, hidden from screen readers (the region that loads says so,
 * e.g. with aria-busy). `text` takes a line's height; give `width` and `height` to the others.
 */
export function Skeleton({
  variant = 'text',
  width,
  height,
  className,
}: {
  variant?: 'text' | 'rounded' | 'circle';
  width?: number | string;
  height?: number | string;
  className?: string;
}) {
  return (
    <span
      aria-hidden
      className={clsx(styles.skeleton, styles[variant], className)}
      style={{ width, height }}
    />
  );
}
