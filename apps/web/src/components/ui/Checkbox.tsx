import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import clsx from 'clsx';
import ui from '@/lib/styles/ui.module.css';
import styles from './field.module.css';

/**
 * A checkbox with its label beside it and its error under it. The native input stays (invisible,
 * over the drawn box), so clicks, keys, forms and react-hook-form work as usual.
 */
export function Checkbox({
  label,
  error,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}) {
  const errorId = `${useId()}-error`;
  return (
    <div>
      <label className={styles.checkboxLabel}>
        <span className={styles.checkbox}>
          <input
            {...input}
            type="checkbox"
            aria-invalid={Boolean(error)}
            aria-describedby={error ? errorId : undefined}
            className={styles.checkboxInput}
          />
          <svg viewBox="0 0 24 24" aria-hidden className={styles.checkboxIcon}>
            <rect
              className={styles.box}
              x="4"
              y="4"
              width="16"
              height="16"
              rx="2"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
            <path
              className={styles.tick}
              d="M7.5 12.5l3 3 6-6.5"
              fill="none"
              stroke="var(--gm-paper)"
              strokeWidth="2.2"
            />
          </svg>
        </span>
        <span className={ui.body2}>{label}</span>
      </label>
      {error && (
        <p id={errorId} className={clsx(styles.helper, styles.errorText)}>
          {error}
        </p>
      )}
    </div>
  );
}
