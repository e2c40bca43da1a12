import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Tabs as Primitive } from 'radix-ui';
import styles from './Tabs.module.css';
import ui from '@/lib/styles/ui.module.css';

export type Tab = { value: string; label: ReactNode; content: ReactNode; disabled?: boolean };

/**
 * Tabs (Radix): one tab stop, arrow keys (and Home, End) move between tabs and show their panel.
 * Controlled with `value` and `onValueChange` (a tab kept in the address), else starts on
 * `defaultValue` or the first tab.
 */
export function Tabs({
  label,
  tabs,
  value,
  defaultValue,
  onValueChange,
}: {
  /** The tab list's name for screen readers. */
  label: string;
  tabs: Tab[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}) {
  return (
    <Primitive.Root
      value={value}
      defaultValue={value === undefined ? (defaultValue ?? tabs[0]?.value) : undefined}
      onValueChange={onValueChange}
    >
      <Primitive.List aria-label={label} className={styles.list}>
        {tabs.map((tab) => (
          <Primitive.Trigger
            key={tab.value}
            value={tab.value}
            disabled={tab.disabled}
            className={clsx(ui.rowAction, styles.tab)}
          >
            {tab.label}
          </Primitive.Trigger>
        ))}
      </Primitive.List>
      {tabs.map((tab) => (
        <Primitive.Content key={tab.value} value={tab.value} className={styles.panel}>
          {tab.content}
        </Primitive.Content>
      ))}
    </Primitive.Root>
  );
}
