import { useId, type Ref } from 'react';
import { Select as Primitive } from 'radix-ui';
import { styleNonce } from '@/lib/styleNonce';
import { Check, ChevronDown } from 'lucide-react';
import clsx from 'clsx';
import styles from './overlay.module.css';
import field from './field.module.css';
import { FieldOutline } from './FieldOutline';

export type SelectOption = { value: string; label: string; disabled?: boolean };

/**
 * A choice among a few options (Radix): a button that opens a list; arrow keys, typing a letter,
 * Enter and Escape work as in a native select. Drawn as TextField is (field.module.css): its label
 * on the outline, the same focus and error colours, its error (or hint) under it describing it;
 * an error marks it invalid. `name` sends the value with a native form.
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
    <div className={clsx(field.field, error && field.invalid)}>
      <Primitive.Root
        value={value}
        defaultValue={defaultValue}
        onValueChange={onValueChange}
        name={name}
        disabled={disabled}
      >
        {/* With a placeholder the label stays on the outline, as a TextField's does. */}
        <div className={clsx(field.control, placeholder && field.raised)}>
          <Primitive.Trigger
            ref={ref}
            id={id}
            onBlur={onBlur}
            aria-labelledby={`${id}-label`}
            aria-invalid={Boolean(error)}
            aria-describedby={line ? `${id}-helper-text` : undefined}
            className={clsx(field.input, field.selectTrigger)}
          >
            <Primitive.Value placeholder={placeholder} className={field.selectValue} />
            <Primitive.Icon asChild>
              <ChevronDown aria-hidden className={field.selectIcon} />
            </Primitive.Icon>
          </Primitive.Trigger>
          <label id={`${id}-label`} htmlFor={id} className={field.label}>
            {label}
          </label>
          <FieldOutline label={label} className={field.outline} notchClassName={field.notch} />
        </div>
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
        <p id={`${id}-helper-text`} className={field.helper}>
          {line}
        </p>
      )}
    </div>
  );
}
