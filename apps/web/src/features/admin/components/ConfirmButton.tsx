import { useState, type ReactNode } from 'react';
import { Button, Dialog, DialogClose } from '@/components/ui';

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
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={title}
      description={text}
      trigger={
        <Button variant={variant} color={color} size="small" disabled={disabled}>
          {label}
        </Button>
      }
      actions={
        <>
          <DialogClose>
            <Button>Back</Button>
          </DialogClose>
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
        </>
      }
    />
  );
}
