import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';
import clsx from 'clsx';
import styles from './field.module.css';

type Common = {
  label: string;
  /** A hint under the field, shown while it has no error. */
  helperText?: string;
  /** The field's error: shown under it in place of the hint, and marks it invalid. */
  error?: string;
};

export type TextFieldProps = Common &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'placeholder'> & {
    multiline?: false;
    /** A control inside the field's end, such as a show-password button. */
    endAdornment?: ReactNode;
    ref?: Ref<HTMLInputElement>;
  };

export type TextAreaProps = Common &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'placeholder'> & {
    multiline: true;
    endAdornment?: undefined;
    ref?: Ref<HTMLTextAreaElement>;
  };

/**
 * A text input (or, with `multiline`, a textarea) with its label on the outline. The label moves
 * onto the outline on focus or once there is text (CSS reads it from the blank placeholder), so a
 * field filled by react-hook-form or the browser's autofill needs no state here. The line under
 * it (error or hint) describes it, and an error marks it invalid.
 */
export function TextField(props: TextFieldProps | TextAreaProps) {
  const generatedId = useId();
  const { label, helperText, error, endAdornment, id, className, multiline, ...control } = props;
  const inputId = id ?? generatedId;
  const helperId = `${inputId}-helper-text`;
  const line = error ?? helperText;
  const shared = {
    id: inputId,
    placeholder: ' ',
    'aria-invalid': Boolean(error),
    'aria-describedby': line ? helperId : undefined,
    className: clsx(styles.input, multiline && styles.multiline, className),
  };
  return (
    <div className={clsx(styles.field, error && styles.invalid)}>
      <div className={clsx(styles.control, endAdornment !== undefined && styles.adornedEnd)}>
        {multiline ? (
          <textarea {...(control as TextareaHTMLAttributes<HTMLTextAreaElement>)} {...shared} />
        ) : (
          <input {...(control as InputHTMLAttributes<HTMLInputElement>)} {...shared} />
        )}
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
      {line && (
        <p id={helperId} className={styles.helper}>
          {line}
        </p>
      )}
    </div>
  );
}
