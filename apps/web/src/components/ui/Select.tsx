import { useId, type Ref } from 'react';
import { Select as Primitive } from 'radix-ui';
import { styleNonce } from '@/lib/styleNonce';
import { Check, ChevronDown } from 'lucide-react';
import clsx from 'clsx';
import styles from './overlay.module.css';

export type SelectOption = { value: string; label: string; disabled?: boolean };

/**
 * A choice among a few options (Radix): a button that opens a list; arrow keys, typing a letter,
 * Enter and Escape work as in a native select. Its label names it, and its error (or hint) under
 * it describes it; an error marks it invalid. `name` sends the value with a native form.
 */
export function Select({
  label,
  options,
  value,
  defaultValue,
  onValueChange,
  placeholder,
  helperText,
  error,
  name,
  disabled,
  onBlur,
  ref,
}: {
  label: string;
  options: SelectOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  placeholder?: string;
  helperText?: string;
  error?: string;
  name?: string;
  disabled?: boolean;
  onBlur?: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  const id = useId();
  const line = error ?? helperText;
  return (
    <div className={clsx(styles.selectField, error && styles.invalid)}>
      <label id={`${id}-label`} htmlFor={id} className={styles.selectLabel}>
        {label}
      </label>
      <Primitive.Root
        value={value}
        defaultValue={defaultValue}
        onValueChange={onValueChange}
        name={name}
        disabled={disabled}
      >
        <Primitive.Trigger
          ref={ref}
          id={id}
          onBlur={onBlur}
          aria-labelledby={`${id}-label`}
          aria-invalid={Boolean(error)}
          aria-describedby={line ? `${id}-helper-text` : undefined}
          className={styles.selectTrigger}
        >
          <Primitive.Value placeholder={placeholder} />
          <Primitive.Icon asChild>
            <ChevronDown aria-hidden className={styles.selectIcon} />
          </Primitive.Icon>
        </Primitive.Trigger>
        <Primitive.Portal>
          <Primitive.Content position="popper" sideOffset={4} className={styles.popup}>
            <Primitive.Viewport nonce={styleNonce}>
              {options.map((option) => (
                <Primitive.Item
                  key={option.value}
                  value={option.value}
                  disabled={option.disabled}
                  className={styles.item}
                >
                  <Primitive.ItemText>{option.label}</Primitive.ItemText>
                  <Primitive.ItemIndicator className={styles.itemCheck}>
                    <Check aria-hidden />
                  </Primitive.ItemIndicator>
                </Primitive.Item>
              ))}
            </Primitive.Viewport>
          </Primitive.Content>
        </Primitive.Portal>
      </Primitive.Root>
      {line && (
        <p id={`${id}-helper-text`} className={styles.selectHelper}>
          {line}
        </p>
      )}
    </div>
  );
}
