import type { FulfilmentItem } from '@grail/contract';
import { Address } from '@/components/Address';
import { dateTimeFormat } from '@/lib/format';
import styles from './PackingSlips.module.css';

/**
 * One packing slip per selected box: what goes in it and where it goes. Hidden on screen; while
 * they are mounted, printing prints them alone, one to a page.
 */
export function PackingSlips({ items }: { items: FulfilmentItem[] }) {
  if (items.length === 0) return null;
  const printed = dateTimeFormat.format(new Date());
  return (
    <div className={styles.slips} aria-hidden>
      {items.map((item) => (
        <div key={`${item.kind}:${item._id}`} data-testid="packing-slip" className={styles.slip}>
          <p className={styles.title}>Packing slip · {item.reference}</p>
          <p className={styles.for}>
            For {item.username} · printed {printed} · ship by{' '}
            {dateTimeFormat.format(new Date(item.shipBy))}
          </p>
          <p className={styles.label}>Ship to</p>
          {item.address ? (
            <Address address={item.address} />
          ) : (
            <p className={styles.text}>No address on file: ask {item.email}.</p>
          )}
          <p className={`${styles.label} ${styles.count}`}>
            {item.items.length} {item.items.length === 1 ? 'item' : 'items'}
          </p>
          <ol className={styles.items}>
            {item.items.map((name, i) => (
              <li key={i}>{name}</li>
            ))}
          </ol>
        </div>
      ))}
    </div>
  );
}
