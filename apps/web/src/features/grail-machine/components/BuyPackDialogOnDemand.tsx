import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { BuyPackDialog } from './BuyPackDialog';

type DialogProps = ComponentProps<typeof BuyPackDialog>;

/** Starts downloading the dialog and MUI's theme, e.g. when the pointer nears the buy button. */
export const loadBuyPackDialog = () =>
  Promise.all([import('./BuyPackDialog'), import('@/lib/theme/MuiThemeScope')]);

const ThemedDialog = lazy(async () => {
  const [dialog, theme] = await loadBuyPackDialog();
  return {
    default: function ThemedBuyPackDialog(props: DialogProps) {
      return (
        <theme.MuiThemeScope>
          <dialog.BuyPackDialog {...props} />
        </theme.MuiThemeScope>
      );
    },
  };
});

/**
 * The purchase confirmation, a MUI dialog: its code and MUI's theme load when it first opens,
 * never with the page. Once opened it stays mounted, so it can play its closing transition.
 */
export function BuyPackDialogOnDemand(props: DialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ThemedDialog {...props} />
    </Suspense>
  );
}
