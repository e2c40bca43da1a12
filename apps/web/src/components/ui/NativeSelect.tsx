import { useId } from 'react';
import clsx from 'clsx';
import styles from './NativeSelect.module.css';
import { FieldOutline } from './FieldOutline';

/**
 * A small select with its label on the outline as TextField's (the same notch, focus colour and
 * small size), built on the browser's own select: keyboard and
 * screen readers get the platform's list, and no script loads to open it. For a filter on a page
 * that must paint fast; `Select` is the one with a drawn list (for forms).
 */
export function NativeSelect({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  value: string;
  /** Value and text of each choice; '' is the choice of no filter. */
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  /** A single class for the field, e.g. its width in a row of filters. */
  className?: string;
}) {
  const id = useId();
  return (
    <div className={clsx(styles.field, className)}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={styles.select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <span className={styles.arrow} aria-hidden />
      <FieldOutline label={label} className={styles.outline} notchClassName={styles.notch} />
    </div>
  );
}
