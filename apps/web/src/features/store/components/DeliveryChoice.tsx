import clsx from 'clsx';
import { useFormContext } from 'react-hook-form';
import { ORDER_DELIVERY_LABELS, SHIPPING_PROMISE_HOURS, type OrderDelivery } from '@grail/contract';
import ui from '@/lib/styles/ui.module.css';
import styles from './DeliveryChoice.module.css';

const HINTS: Record<OrderDelivery, string> = {
  ship: `We ship the cards within ${SHIPPING_PROMISE_HOURS} hours; the shipping fee applies.`,
  vault: 'Free, insured storage: ship, or sell back, whenever you like.',
};

/**
 * The checkout's delivery: native radios in a fieldset (arrow keys move between them), bound to
 * the Form's `delivery`; `onChange` tells the page, whose total and address follow the choice.
 */
export function DeliveryChoice({ onChange }: { onChange: (delivery: OrderDelivery) => void }) {
  const { register } = useFormContext<{ delivery: OrderDelivery }>();
  const field = register('delivery', {
    onChange: (event: { target: { value: OrderDelivery } }) => onChange(event.target.value),
  });
  return (
    <fieldset className={styles.choice}>
      <legend className={ui.h6}>Delivery</legend>
      {(['ship', 'vault'] as const).map((value) => (
        <label key={value} className={clsx(ui.radioOption, styles.option)}>
          <input type="radio" value={value} {...field} className={ui.radio} />
          <span className={clsx(ui.radioText, styles.text)}>
            <span className={clsx(ui.radioTitle, styles.title)}>
              {ORDER_DELIVERY_LABELS[value]}
            </span>
            <span className={ui.secondaryText}>{HINTS[value]}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
