import { ToastRegion } from '@/components/ui/Toast';
import { dismissToast, useToasts } from '@/lib/toast';

/** Loaded on demand by App with the first toast: see lib/toast.ts. */
export default function Toasts() {
  return <ToastRegion toasts={useToasts()} onClosed={dismissToast} />;
}
