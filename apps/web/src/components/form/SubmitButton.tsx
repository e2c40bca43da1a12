import type { ReactNode } from 'react';
import clsx from 'clsx';
import ui from '@/lib/styles/ui.module.css';
import styles from './form.module.css';

/** A form's large submit button; while the request runs it is disabled and says so. */
export function SubmitButton({
  pending,
  pendingText,
  children,
}: {
  pending: boolean;
  pendingText: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      disabled={pending}
      className={clsx(ui.button, ui.contained, ui.large, styles.submit)}
    >
      {pending ? pendingText : children}
    </button>
  );
}
