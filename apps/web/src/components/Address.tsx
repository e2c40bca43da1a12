import type { ShippingAddress } from '@grail/contract';
import styles from './Address.module.css';

const addressLines = (a: ShippingAddress) => [
  a.name,
  a.line1,
  ...(a.line2 ? [a.line2] : []),
  `${a.city}, ${a.state} ${a.postalCode}`,
  a.country,
];

/** A postal address, one line each, as on a label: shipping instructions and packing slips. */
export function Address({ address }: { address: ShippingAddress }) {
  return (
    <address className={styles.address}>
      {addressLines(address).map((line) => (
        <div key={line}>{line}</div>
      ))}
    </address>
  );
}
