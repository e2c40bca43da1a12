import type { ReactNode } from 'react';
import { Alert, Button, Dialog } from '@/components/ui';
import styles from './SubmissionCommandDialog.module.css';

/**
 * The frame of every dialog that sends one command about a submission, for the collector and for
 * staff alike: a title, the fields or words, the command's error, a way out and the one button
 * that sends it (disabled while it is on its way, so a double click sends once).
 */
export function SubmissionCommandDialog({
  title,
  open = true,
  onClose,
  error,
  dismissLabel,
  confirm,
  children,
}: {
  title: string;
  open?: boolean;
  onClose: () => void;
  /** The command's failure in words; null when there is none (or it shows on a field). */
  error: string | null | undefined;
  dismissLabel: string;
  confirm: {
    label: ReactNode;
    /** Sends the command; or, with `form`, the id of the Form in the dialog the button submits. */
    onClick?: () => void;
    form?: string;
    disabled: boolean;
    color?: 'primary' | 'secondary' | 'error';
  };
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      actions={
        <>
          <Button onClick={onClose}>{dismissLabel}</Button>
          <Button
            variant="contained"
            color={confirm.color ?? 'primary'}
            disabled={confirm.disabled}
            type={confirm.form ? 'submit' : 'button'}
            form={confirm.form}
            onClick={confirm.onClick}
          >
            {confirm.label}
          </Button>
        </>
      }
    >
      {children}
      {error && (
        <Alert severity="error" className={styles.error}>
          {error}
        </Alert>
      )}
    </Dialog>
  );
}
