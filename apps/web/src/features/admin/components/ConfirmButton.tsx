import { useState, type ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';

/** A button that asks before it acts. */
export function ConfirmButton({
  label,
  title,
  text,
  onConfirm,
  disabled,
  color = 'primary',
  variant = 'contained',
}: {
  label: string;
  title: string;
  text: ReactNode;
  onConfirm: () => void;
  disabled?: boolean;
  color?: 'primary' | 'error';
  variant?: 'contained' | 'outlined';
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        color={color}
        size="small"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="confirm-title">
        <DialogTitle id="confirm-title">{title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{text}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Back</Button>
          <Button
            variant="contained"
            color={color}
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            {label}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
