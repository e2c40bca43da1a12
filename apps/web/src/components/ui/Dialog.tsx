import { useRef, type ReactNode } from 'react';
import { Dialog as Primitive } from 'radix-ui';
import { X } from 'lucide-react';
import clsx from 'clsx';
import ui from '@/lib/styles/ui.module.css';
import styles from './overlay.module.css';

/**
 * A modal dialog (Radix): focus moves in and is held there, Escape or the close button closes it,
 * and focus returns to what opened it. Give `trigger` (a Button) for a dialog that opens itself,
 * or control it with `open` and `onOpenChange` (or `onClose`).
 */
export function Dialog({
  title,
  description,
  actions,
  trigger,
  open,
  onOpenChange,
  onClose,
  titleHidden = false,
  closeLabel = 'Close',
  focusPanel = false,
  className,
  children,
}: {
  title: string;
  /** Read by screen readers only: the panel's own content says what it is (a menu drawer). */
  titleHidden?: boolean;
  /** The close button's name for screen readers, when 'Close' alone would be unclear. */
  closeLabel?: string;
  /**
   * Opens with the focus on the panel itself rather than its first button, so neither answer is
   * chosen by a stray Enter (the reality check); Tab then reaches the buttons.
   */
  focusPanel?: boolean;
  /** A single class for the panel: another shape, such as a side sheet. */
  className?: string;
  /** One sentence under the title; screen readers read it with the title. */
  description?: ReactNode;
  /** The buttons at the bottom, the main one last. */
  actions?: ReactNode;
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Called when the person closes it (Escape, the close button, a click outside). */
  onClose?: () => void;
  children?: ReactNode;
}) {
  // Radix gives the focus back to its trigger only; a dialog opened from elsewhere gives it back
  // to whatever had it when the dialog opened.
  const opener = useRef<HTMLElement | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  return (
    <Primitive.Root
      open={open}
      onOpenChange={(next) => {
        onOpenChange?.(next);
        if (!next) onClose?.();
      }}
    >
      {trigger && <Primitive.Trigger asChild>{trigger}</Primitive.Trigger>}
      <Primitive.Portal>
        <Primitive.Overlay className={styles.backdrop} />
        <Primitive.Content
          ref={panel}
          className={clsx(styles.dialog, className)}
          onOpenAutoFocus={(event) => {
            if (!trigger) opener.current = document.activeElement as HTMLElement | null;
            if (focusPanel) {
              event.preventDefault();
              panel.current?.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            if (trigger || !opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
          // Without a description Radix warns unless it is told there is none.
          {...(description === undefined && { 'aria-describedby': undefined })}
        >
          <Primitive.Title className={titleHidden ? ui.visuallyHidden : styles.dialogTitle}>
            {title}
          </Primitive.Title>
          {description !== undefined && (
            <Primitive.Description className={styles.dialogDescription}>
              {description}
            </Primitive.Description>
          )}
          {children}
          {actions && <div className={styles.dialogActions}>{actions}</div>}
          <Primitive.Close
            className={clsx(ui.roundIconButton, styles.close)}
            aria-label={closeLabel}
          >
            <X aria-hidden />
          </Primitive.Close>
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
}

/** Wraps a Button inside a Dialog's `actions` so pressing it closes the dialog. */
export function DialogClose({ children }: { children: ReactNode }) {
  return <Primitive.Close asChild>{children}</Primitive.Close>;
}
