import type { ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';
import clsx from 'clsx';
import styles from './overlay.module.css';

export type MenuItem = {
  label: string;
  onSelect: () => void;
  icon?: ReactNode;
  disabled?: boolean;
  /** Drawn in the error colour (delete, cancel). */
  danger?: boolean;
};

/**
 * A menu of actions (Radix): opens from `trigger` (a Button), arrow keys move, typing a letter
 * jumps, Enter picks, Escape closes and focus returns to the trigger.
 */
export function Menu({
  trigger,
  items,
  label,
  align = 'end',
  defaultOpen,
}: {
  trigger: ReactNode;
  items: MenuItem[];
  /** The menu's name for screen readers when the trigger's text does not say it. */
  label?: string;
  align?: 'start' | 'end';
  /** Open as it appears: a menu whose code loads on the trigger's first press. */
  defaultOpen?: boolean;
}) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          aria-label={label}
          align={align}
          sideOffset={4}
          className={styles.popup}
        >
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.label}
              disabled={item.disabled}
              onSelect={item.onSelect}
              className={clsx(styles.item, item.danger && styles.danger)}
            >
              {item.icon}
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
