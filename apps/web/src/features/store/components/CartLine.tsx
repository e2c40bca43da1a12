import clsx from 'clsx';
import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { Product } from '@grail/contract';
import { CardImage } from '@/components/CardImage';
import { Badge } from '@/components/ui';
import { formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import styles from './CartLine.module.css';
import { Button } from '@/components/ui/Button';

export type LineCard = Pick<
  Product,
  '_id' | 'name' | 'imageUrl' | 'storePrice' | 'gradeLabel' | 'status'
>;

export const isBuyable = (p: LineCard) => p.status === 'available' && p.storePrice !== null;

/** One card in the cart or checkout; a card sold meanwhile is flagged and can only be removed. */
export function CartLine({ product, onRemove }: { product: LineCard; onRemove?: () => void }) {
  const buyable = isBuyable(product);
  // Many cards are named with their grade ('… #9/111 BGS 8'): it is not repeated under the name.
  const gradeInName = product.name.includes(product.gradeLabel);
  return (
    <div className={clsx(styles.line, !buyable && styles.unavailable)} data-testid="cart-line">
      <div className={styles.image}>
        <CardImage src={product.imageUrl} alt={product.name} sizes="56px" />
      </div>
      <div className={styles.details}>
        <Link to={paths.product.getHref(product._id)} className={styles.name}>
          {product.name}
        </Link>
        {(!gradeInName || !buyable) && (
          <div className={styles.meta}>
            {!gradeInName && (
              <p className={clsx(ui.body2, ui.secondaryText)}>{product.gradeLabel}</p>
            )}
            {!buyable && (
              <span data-testid="cart-line-sold">
                <Badge tone="error" variant="filled">
                  {product.status === 'sold' ? 'Sold' : 'Unavailable'}
                </Badge>
              </span>
            )}
          </div>
        )}
      </div>
      <p className={styles.price}>
        {product.storePrice !== null ? formatUsd(product.storePrice) : '—'}
      </p>
      {onRemove && (
        <Button
          onClick={onRemove}
          aria-label={`Remove ${product.name}`}
          variant="icon"
          color="inherit"
          className={styles.remove}
        >
          <Trash2 aria-hidden size={24} />
        </Button>
      )}
    </div>
  );
}
