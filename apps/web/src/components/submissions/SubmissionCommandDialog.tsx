import type { ReactNode } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  type ButtonProps,
} from '@mui/material';

/**
 * The frame of every dialog that sends one command about a submission, for the collector and for
 * staff alike: a title, the fields or words, the command's error, a way out and the one button
 * that sends it (disabled while it is on its way, so a double click sends once).
 */
export function SubmissionCommandDialog({
  id,
  title,
  open = true,
  onClose,
  maxWidth = 'xs',
  error,
  dismissLabel,
  confirm,
  children,
}: {
  /** Names the title for screen readers: `${id}-title`. */
  id: string;
  title: ReactNode;
  open?: boolean;
  onClose: () => void;
  maxWidth?: 'xs' | 'sm';
  /** The command's failure in words; null when there is none (or it shows on a field). */
  error: string | null | undefined;
  dismissLabel: string;
  confirm: {
    label: ReactNode;
    onClick: () => void;
    disabled: boolean;
    color?: ButtonProps['color'];
  };
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth={maxWidth}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        {children}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{dismissLabel}</Button>
        <Button
          variant="contained"
          color={confirm.color ?? 'primary'}
          disabled={confirm.disabled}
          onClick={confirm.onClick}
        >
          {confirm.label}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
