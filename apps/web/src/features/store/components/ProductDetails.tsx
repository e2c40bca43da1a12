import clsx from 'clsx';
import type { ReactNode } from 'react';
import { ExternalLink } from 'lucide-react';
import type { Product } from '@grail/contract';
import ui from '@/lib/styles/ui.module.css';
import styles from './ProductPage.module.css';

/** The card's facts, one row each; the cert number links to the grader's page when there is one. */
export function ProductDetails({ product }: { product: Product }) {
  const rows: [string, ReactNode][] = [
    ['Player', product.player],
    ['Year', product.year],
    ['Set', product.setName],
    ['Card number', `#${product.cardNumber}`],
    ['Sport', product.sport],
    ...(product.team ? [['Team', product.team] as [string, string]] : []),
    ...(product.variant ? [['Variant', product.variant] as [string, string]] : []),
    ['Grader', product.grader ?? 'Raw (ungraded)'],
    ...(product.grade ? [['Grade', product.grade] as [string, string]] : []),
    ...(product.conditionNote ? [['Condition', product.conditionNote] as [string, string]] : []),
  ];
  if (product.certNumber) {
    rows.push([
      'Cert number',
      product.certUrl ? (
        <a href={product.certUrl} target="_blank" rel="noopener noreferrer" className={ui.textLink}>
          {product.certNumber}{' '}
          <ExternalLink aria-hidden size={14} className={styles.externalIcon} />
          <span className={ui.visuallyHidden}>{` (verify on ${product.grader})`}</span>
        </a>
      ) : (
        product.certNumber
      ),
    ]);
  }
  return (
    <table aria-label="Card details" className={clsx(ui.denseTable, styles.table)}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row" className={styles.label}>
              {label}
            </th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
