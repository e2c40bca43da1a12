import clsx from 'clsx';
import type { Product } from '@grail/contract';
import { formatUsd } from '@/lib/format';
import ui from '@/lib/styles/ui.module.css';
import { fmvDateFormat } from '../lib/storeReturn';
import styles from './ProductPage.module.css';

/** Where the FMV comes from and when it was set, so the price has a reference. */
const FmvSource = ({ product }: { product: Product }) => (
  <p className={clsx(ui.body2, ui.secondaryText)} data-testid="fmv-source">
    FMV source: {product.fmvSource}, {fmvDateFormat.format(new Date(product.fmvUpdatedAt))}
  </p>
);

/** The store's price against the card's fair market value, or the FMV alone when it is not sold here. */
export function ProductPrice({ product }: { product: Product }) {
  if (product.storePrice === null) {
    return (
      <div className={styles.price}>
        <p className={clsx(ui.body1, ui.secondaryText)}>
          FMV {formatUsd(product.fmv)}: this card is not sold in the store.
        </p>
        <FmvSource product={product} />
      </div>
    );
  }
  const diff = product.fmv - product.storePrice;
  return (
    <div className={styles.price}>
      {/* A figure, not a paragraph: a large bold <p> reads as a heading (axe p-as-heading). */}
      <div className={styles.amount} data-testid="product-price">
        {formatUsd(product.storePrice)}
      </div>
      <p className={clsx(ui.body1, ui.secondaryText)}>
        Fair market value {formatUsd(product.fmv)}
        {diff > 0 && <span className={styles.belowFmv}>{` · ${formatUsd(diff)} below FMV`}</span>}
      </p>
      <FmvSource product={product} />
    </div>
  );
}
