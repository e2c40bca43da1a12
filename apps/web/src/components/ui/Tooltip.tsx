import type { ReactNode } from 'react';
import { Popover as PopoverPrimitive, Tooltip as TooltipPrimitive } from 'radix-ui';
import styles from './overlay.module.css';

/**
 * A short label shown on hover or keyboard focus of `children` (one focusable element, such as an
 * icon Button), and read as its description. Never put anything to click inside: use a Popover.
 */
export function Tooltip({ title, children }: { title: string; children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={300}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content sideOffset={6} className={styles.tooltip}>
            {title}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}

/**
 * A panel opened by `trigger` (a Button) beside it, for a little more than a tooltip holds (a
 * filter, an explanation with a link). Escape or a click outside closes it; focus returns.
 */
export function Popover({
  trigger,
  label,
  children,
}: {
  trigger: ReactNode;
  /** The panel's name for screen readers. */
  label: string;
  children: ReactNode;
}) {
  return (
    <PopoverPrimitive.Root>
      <PopoverPrimitive.Trigger asChild>{trigger}</PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content aria-label={label} sideOffset={6} className={styles.popover}>
          {children}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
