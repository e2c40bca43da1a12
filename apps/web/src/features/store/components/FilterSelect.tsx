import clsx from 'clsx';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import fieldStyles from './Field.module.css';
import { FieldOutline } from './Field';

export interface FilterOption {
  value: string;
  label: string;
}

const loadMenu = () => import('./FilterSelectMenu');
const FilterSelectMenu = lazy(loadMenu);
/** The list's code starts downloading when a pointer or the focus nears a field. */
const preloadMenu = () => void loadMenu().catch(() => undefined);

const OPENING_KEYS = [' ', 'ArrowUp', 'ArrowDown', 'Enter'];

/**
 * A choice from a short list, drawn like MUI's select: a combobox labelled by its field's label
 * that opens a listbox of options. The field is plain and styled at build time; the list (MUI's
 * menu, with its focus handling, keyboard navigation and type-ahead) loads on first use. The empty
 * value shows no text, with the label resting inside the field.
 */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  minWidth,
}: {
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
  minWidth: number;
}) {
  const id = useId();
  const labelId = `${id}label`;
  const listboxId = `${id}listbox`;
  const field = useRef<HTMLDivElement>(null);
  const combobox = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing plays MUI's transition and returns the focus.
  const [menuMounted, setMenuMounted] = useState(false);
  const show = () => {
    setMenuMounted(true);
    setOpen(true);
  };
  const chosen = options.find((option) => option.value === value);

  return (
    <div
      ref={field}
      className={clsx(
        fieldStyles.field,
        (value !== '' || open) && fieldStyles.shrunk,
        open && fieldStyles.focused,
        open && fieldStyles.open,
      )}
      style={{ minWidth }}
    >
      <span id={labelId} className={fieldStyles.label}>
        {label}
      </span>
      <div
        ref={combobox}
        role="combobox"
        tabIndex={0}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listboxId : undefined}
        aria-labelledby={labelId}
        className={clsx(fieldStyles.control, fieldStyles.select)}
        onPointerEnter={preloadMenu}
        onFocus={preloadMenu}
        onMouseDown={(event) => {
          if (event.button !== 0) return;
          // The field keeps the focus the press would give it; the list then takes it.
          event.preventDefault();
          combobox.current?.focus();
          show();
        }}
        onKeyDown={(event) => {
          if (!OPENING_KEYS.includes(event.key)) return;
          event.preventDefault();
          show();
        }}
      >
        {value !== '' && chosen ? (
          chosen.label
        ) : (
          // A zero-width space keeps the line's height while nothing is chosen.
          <span aria-hidden>{'\u200b'}</span>
        )}
      </div>
      <svg className={fieldStyles.arrow} viewBox="0 0 24 24" aria-hidden focusable="false">
        <path d="M7 10h10l-5 5z" />
      </svg>
      <FieldOutline label={label} />
      {menuMounted && (
        <Suspense fallback={null}>
          <FilterSelectMenu
            anchor={field.current}
            open={open}
            listboxId={listboxId}
            labelId={labelId}
            options={options}
            value={value}
            onClose={() => setOpen(false)}
            onPick={(picked) => {
              setOpen(false);
              if (picked !== value) onChange(picked);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
