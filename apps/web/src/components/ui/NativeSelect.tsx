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
      <FieldOutline label={label} className={styles.outline} />
    </div>
  );
}

/**
 * Lists that each filter by one parameter of the address (the caller owns it): a list shows the
 * parameter's value, and its empty choice removes the parameter.
 */
export const filterSelects =
  <Name extends string>(
    params: Partial<Record<Name, string>>,
    onChange: (changes: Partial<Record<Name, string>>) => void,
  ) =>
  (
    name: Name,
    label: string,
    options: readonly { value: string; label: string }[],
    className?: string,
  ) => (
    <NativeSelect
      label={label}
      value={params[name] ?? ''}
      options={options}
      onChange={(value) =>
        onChange({ [name]: value || undefined } as Partial<Record<Name, string>>)
      }
      className={className}
    />
  );
