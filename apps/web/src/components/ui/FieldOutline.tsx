import clsx from 'clsx';
import styles from './FieldOutline.module.css';

/**
 * A field's outline with a gap in its top edge as wide as the label that sits there (the notch,
 * sized by an invisible copy of the label). Drawn by TextField, Select and NativeSelect, each
 * adding its own border and notch classes to the shared frame.
 */
export function FieldOutline({
  label,
  className,
  notchClassName,
}: {
  label: string;
  className?: string;
  notchClassName?: string;
}) {
  return (
    <fieldset aria-hidden className={clsx(styles.outline, className)}>
      <legend className={clsx(styles.notch, notchClassName)}>
        <span>{label}</span>
      </legend>
    </fieldset>
  );
}
