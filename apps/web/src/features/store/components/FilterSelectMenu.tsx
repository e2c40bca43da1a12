import { useEffect, useRef, type KeyboardEvent } from 'react';
import clsx from 'clsx';
import type { FilterOption } from './FilterSelect';
import styles from './FilterSelectMenu.module.css';

/** Typed letters within this long of each other make one search, as in a native select. */
const TYPEAHEAD_MS = 500;

/**
 * A filter's list of options, opened by its select below the field and at least as wide, the
 * current choice focused. Arrow keys, Home and End move; typing jumps to an option; Enter or
 * Space picks; Escape, Tab or a press outside closes it, and the focus goes back to the field.
 */
export default function FilterSelectMenu({
  anchor,
  open,
  listboxId,
  labelId,
  options,
  value,
  onClose,
  onPick,
}: {
  anchor: HTMLElement | null;
  open: boolean;
  listboxId: string;
  labelId: string;
  options: readonly FilterOption[];
  value: string;
  onClose: () => void;
  onPick: (value: string) => void;
}) {
  const list = useRef<HTMLUListElement>(null);
  const typed = useRef({ text: '', at: 0 });
  const shown = open && anchor !== null;

  const returnFocus = () => anchor?.querySelector<HTMLElement>('[role="combobox"]')?.focus();
  const close = () => {
    onClose();
    returnFocus();
  };
  const pick = (picked: string) => {
    onPick(picked);
    returnFocus();
  };

  useEffect(() => {
    if (!shown) return;
    const items = list.current?.querySelectorAll<HTMLElement>('[role="option"]');
    const chosen = options.findIndex((option) => option.value === value);
    items?.[Math.max(chosen, 0)]?.focus();
    // Opened on this list's render only: the choice may change while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);

  useEffect(() => {
    if (!shown) return;
    const outside = (event: PointerEvent) => {
      if (!anchor?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [shown, anchor, onClose]);

  if (!shown) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(list.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => items[Math.min(Math.max(index, 0), items.length - 1)]?.focus();
    if (event.key === 'ArrowDown') focus(at + 1);
    else if (event.key === 'ArrowUp') focus(at - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(items.length - 1);
    else if (event.key === 'Enter' || event.key === ' ') {
      const option = options[at];
      if (option) pick(option.value);
    } else if (event.key === 'Escape' || event.key === 'Tab') close();
    else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const now = Date.now();
      const text =
        (now - typed.current.at < TYPEAHEAD_MS ? typed.current.text : '') + event.key.toLowerCase();
      typed.current = { text, at: now };
      const match = options.findIndex((option) => option.label.toLowerCase().startsWith(text));
      if (match >= 0) focus(match);
    } else return;
    event.preventDefault();
  };

  return (
    <ul
      ref={list}
      id={listboxId}
      role="listbox"
      aria-labelledby={labelId}
      className={styles.list}
      onKeyDown={onKeyDown}
    >
      {options.map((option) => (
        <li
          key={option.value}
          role="option"
          tabIndex={-1}
          aria-selected={option.value === value}
          className={clsx(styles.option, option.value === value && styles.selected)}
          onClick={() => pick(option.value)}
        >
          {option.label}
        </li>
      ))}
    </ul>
  );
}
