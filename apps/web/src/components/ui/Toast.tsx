import { Toast as Primitive } from 'radix-ui';
import { X } from 'lucide-react';
import clsx from 'clsx';
import { TOAST_AUTO_CLOSE_MS } from '@grail/contract';
import type { ToastMessage } from '@/lib/toast';
import { Button } from './Button';
import styles from './Toast.module.css';

/** A toast is this wide on a screen that has room; a swipe of 80% of it dismisses it. */
const TOAST_WIDTH_PX = 320;

/**
 * The toasts, top right (SPEC: closed after 3 s, paused while hovered or focused and while the
 * window is in the background, dismissed by a swipe of 80% of their width, Alt+T moves the focus
 * to them). Errors and warnings are announced at once, others politely.
 */
export function ToastRegion({
  toasts,
  onClosed,
}: {
  toasts: readonly ToastMessage[];
  onClosed: (id: number) => void;
}) {
  return (
    <Primitive.Provider
      duration={TOAST_AUTO_CLOSE_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_WIDTH_PX * 0.8}
      label="Notification"
    >
      {toasts.map((toast) => (
        <Primitive.Root
          key={toast.id}
          type={toast.kind === 'error' || toast.kind === 'warning' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) onClosed(toast.id);
          }}
          className={clsx(styles.toast, styles[toast.kind])}
        >
          <Primitive.Description className={styles.message}>{toast.message}</Primitive.Description>
          <Primitive.Close asChild>
            <Button variant="icon" color="inherit" aria-label="Close" className={styles.close}>
              <X aria-hidden size={18} />
            </Button>
          </Primitive.Close>
        </Primitive.Root>
      ))}
      <Primitive.Viewport
        hotkey={['altKey', 'KeyT']}
        label="Notifications ({hotkey})"
        className={styles.viewport}
      />
    </Primitive.Provider>
  );
}
