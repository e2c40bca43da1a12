import { useSyncExternalStore } from 'react';

/**
 * Toasts load react-toastify and mount its container on the first toast, so no page carries it
 * on its first paint; a toast raised before the container mounts waits in react-toastify's queue.
 */
type ToastKind = 'info' | 'success' | 'error' | 'warning';

let requested = false;
const listeners = new Set<() => void>();

function show(kind: ToastKind, message: string): void {
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  void import('react-toastify/unstyled').then(({ toast }) => toast[kind](message));
}

export const notify = {
  info: (message: string) => show('info', message),
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  warning: (message: string) => show('warning', message),
};

/** True once any toast was raised: App mounts the container from then on. */
export function useToastsRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => requested,
  );
}
