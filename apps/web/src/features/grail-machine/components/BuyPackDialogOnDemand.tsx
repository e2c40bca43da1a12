import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { BuyPackDialog } from './BuyPackDialog';

type DialogProps = ComponentProps<typeof BuyPackDialog>;

/** Starts downloading the dialog, e.g. when the pointer nears the buy button. */
export const loadBuyPackDialog = () => import('./BuyPackDialog');

const LazyDialog = lazy(async () => ({ default: (await loadBuyPackDialog()).BuyPackDialog }));

/**
 * The purchase confirmation: its code loads when it first opens (or the pointer nears the
 * button), never with the page. Once opened it stays mounted, so it can play its closing
 * transition.
 */
export function BuyPackDialogOnDemand(props: DialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LazyDialog {...props} />
    </Suspense>
  );
}
