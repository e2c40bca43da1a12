import { useSyncExternalStore } from 'react';

/**
 * The toasts on screen, kept here so any code (a mutation's error, the theme's rollback) can raise
 * one. App mounts the toast region (components/ui/Toast, loaded on demand) on the first toast, so
 * no page carries its code on its first paint.
 */
export type ToastKind = 'info' | 'success' | 'error' | 'warning';
export interface ToastMessage {
  id: number;
  kind: ToastKind;
  message: string;
}

let shown: readonly ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function update(next: readonly ToastMessage[]) {
  shown = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(kind: ToastKind, message: string): void {
  update([...shown, { id: nextId++, kind, message }]);
}

export const notify = {
  info: (message: string) => show('info', message),
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  warning: (message: string) => show('warning', message),
};

/** Takes a toast off the list once it has closed (its time ran out, or it was closed or swiped). */
export function dismissToast(id: number): void {
  update(shown.filter((toast) => toast.id !== id));
}

/** The toasts to draw. */
export function useToasts(): readonly ToastMessage[] {
  return useSyncExternalStore(subscribe, () => shown);
}

/** True once any toast was raised: App mounts the region from then on. */
export function useToastsRequested(): boolean {
  return useSyncExternalStore(subscribe, () => nextId > 1);
}
