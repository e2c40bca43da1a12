import { useId } from 'react';
import { Switch as Primitive } from 'radix-ui';
import styles from './Switch.module.css';

/** An on/off setting that applies at once (Radix: a button with role="switch"), its label beside. */
export function Switch({
  label,
  checked,
  defaultChecked,
  onCheckedChange,
  disabled,
  name,
}: {
  label: string;
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  name?: string;
}) {
  const id = useId();
  return (
    <div className={styles.row}>
      <Primitive.Root
        id={id}
        checked={checked}
        defaultChecked={defaultChecked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        name={name}
        className={styles.switch}
      >
        <Primitive.Thumb className={styles.thumb} />
      </Primitive.Root>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
    </div>
  );
}
