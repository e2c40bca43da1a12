import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import clsx from 'clsx';
import styles from './form.module.css';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'placeholder'> & {
  label: string;
  /** The line under the field: its error when `invalid`, else a hint. */
  helperText?: string;
  invalid?: boolean;
  /** A control inside the field's end, such as a show-password button. */
  endAdornment?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A text input with its label on the outline, styled at build time. The label moves onto the
 * outline on focus or once there is text (CSS reads it from the blank placeholder), so a field
 * filled by react-hook-form or the browser's autofill needs no state here.
 */
export function TextField({
  label,
  helperText,
  invalid = false,
  endAdornment,
  id,
  className,
  ...input
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helperId = `${inputId}-helper-text`;
  return (
    <div className={clsx(styles.field, invalid && styles.invalid)}>
      <div className={clsx(styles.control, endAdornment !== undefined && styles.adornedEnd)}>
        <input
          {...input}
          id={inputId}
          placeholder=" "
          aria-invalid={invalid}
          aria-describedby={helperText ? helperId : undefined}
          className={clsx(styles.input, className)}
        />
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
        {endAdornment}
        <fieldset aria-hidden className={styles.outline}>
          <legend className={styles.notch}>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
      {helperText && (
        <p id={helperId} className={styles.helper}>
          {helperText}
        </p>
      )}
    </div>
  );
}
