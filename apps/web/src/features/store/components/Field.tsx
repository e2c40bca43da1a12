import clsx from 'clsx';
import { useId, useRef, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './Field.module.css';

/** The outline round a field, with the gap its moved-up label sits in. */
export function FieldOutline({ label }: { label: string }) {
  return (
    <fieldset aria-hidden className={styles.outline}>
      <legend className={styles.legend}>
        <span>{label}</span>
      </legend>
    </fieldset>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'value'>;

/**
 * A labelled text box in the store's outlined style. The label rests inside the box until the
 * field has focus or a value; with an icon before the text it stays on the border.
 */
export function TextField({
  label,
  icon,
  value,
  className,
  ...input
}: InputProps & { label: string; icon?: ReactNode; value: string; className?: string }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    // A press on the frame's padding, outside the text box, still puts the caret in it.
    <div
      className={clsx(
        styles.field,
        (icon !== undefined || value !== '') && styles.shrunk,
        icon !== undefined && styles.adorned,
        className,
      )}
      onClick={(event) => {
        if (event.target === event.currentTarget) inputRef.current?.focus();
      }}
    >
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {icon !== undefined && <span className={styles.startIcon}>{icon}</span>}
      <input ref={inputRef} id={id} value={value} className={styles.control} {...input} />
      <FieldOutline label={label} />
    </div>
  );
}
