import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';
import clsx from 'clsx';
import styles from './field.module.css';
import { FieldOutline } from './FieldOutline';

type Common = {
  label: string;
  /** A hint under the field, shown while it has no error. */
  helperText?: string;
  /** The field's error: shown under it in place of the hint, and marks it invalid. */
  error?: string;
  /** Words shown in the empty field once its label sits on the outline, e.g. 'No limit'. */
  placeholder?: string;
  /** small: 40 px high, for filters beside buttons. */
  size?: 'small' | 'medium';
};

export type TextFieldProps = Common &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'placeholder' | 'size'> & {
    multiline?: false;
    /** A control inside the field's end, such as a show-password button. */
    endAdornment?: ReactNode;
    /**
     * A unit before the value inside the frame, such as '$': plain text read once where it
     * stands, never part of the field's name. The label then always sits on the outline.
     */
    startAdornment?: ReactNode;
    ref?: Ref<HTMLInputElement>;
  };

export type TextAreaProps = Common &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'placeholder'> & {
    multiline: true;
    endAdornment?: undefined;
    startAdornment?: undefined;
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
  const {
    label,
    helperText,
    error,
    placeholder,
    size = 'medium',
    startAdornment,
    endAdornment,
    id,
    className,
    multiline,
    ...control
  } = props;
  const inputId = id ?? generatedId;
  const helperId = `${inputId}-helper-text`;
  const line = error ?? helperText;
  const shared = {
    id: inputId,
    // A blank placeholder still lets the CSS tell an empty field from a filled one.
    placeholder: placeholder ?? ' ',
    'aria-invalid': Boolean(error),
    'aria-describedby': line ? helperId : undefined,
    className: clsx(styles.input, multiline && styles.multiline, className),
  };
  return (
    <div className={clsx(styles.field, size === 'small' && styles.small, error && styles.invalid)}>
      <div
        className={clsx(
          styles.control,
          startAdornment !== undefined && styles.adornedStart,
          endAdornment !== undefined && styles.adornedEnd,
        )}
      >
        {startAdornment !== undefined && (
          <span className={styles.startAdornment}>{startAdornment}</span>
        )}
        {multiline ? (
          <textarea {...(control as TextareaHTMLAttributes<HTMLTextAreaElement>)} {...shared} />
        ) : (
          <input {...(control as InputHTMLAttributes<HTMLInputElement>)} {...shared} />
        )}
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
        {endAdornment}
        <FieldOutline label={label} className={styles.outline} notchClassName={styles.notch} />
      </div>
      {line && (
        <p id={helperId} className={styles.helper}>
          {line}
        </p>
      )}
    </div>
  );
}
