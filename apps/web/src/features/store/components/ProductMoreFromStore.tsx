import clsx from 'clsx';
import { Link } from 'react-router';
import type { Product, StoreItem } from '@grail/contract';
import { useStoreItems } from '@/lib/api/products';
import { formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import { useSoldComparables } from '../api/useSoldComparables';
import { fmvDateFormat } from '../lib/storeReturn';
import { StoreItemCard } from './StoreItemCard';
import styles from './ProductPage.module.css';

/** Cards of the same player sold here, when there are any: what comparable cards went for. */
function RecentlySold({ product }: { product: Product }) {
  const { data } = useSoldComparables(product._id);
  if (!data || data.sold.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="sold-heading">
      <h2 id="sold-heading" className={styles.sectionTitle}>
        Recently sold: {product.player}
      </h2>
      <table
        aria-label="Recently sold comparable cards"
        className={clsx(ui.denseTable, styles.table)}
      >
        <tbody>
          {data.sold.map((sold) => (
            <tr key={sold._id}>
              <td className={styles.soldName}>
                <Link to={paths.product.getHref(sold._id)} className={ui.textLink}>
                  {sold.name}
                </Link>{' '}
                <span className={clsx(ui.body2, ui.secondaryText)}>{sold.gradeLabel}</span>
              </td>
              <td className={styles.soldPrice}>
                <strong>{formatUsd(sold.price)}</strong>
                <p className={clsx(ui.caption, ui.secondaryText)}>
                  {fmvDateFormat.format(new Date(sold.soldAt))}
                </p>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** More from this card's player, or from its set when the store has no other card of the player. */
function Related({ product }: { product: Product }) {
  const others = (products: StoreItem[] | undefined) =>
    (products ?? []).filter((p) => p._id !== product._id).slice(0, 4);
  const byPlayer = useStoreItems({ q: product.player, limit: '5', sort: 'fmv', order: 'desc' });
  const playerCards = others(byPlayer.data?.products);
  const bySet = useStoreItems(
    { q: product.setName, limit: '5', sort: 'fmv', order: 'desc' },
    { enabled: byPlayer.isSuccess && playerCards.length === 0 },
  );
  const fromSet = playerCards.length === 0;
  const related = fromSet ? others(bySet.data?.products) : playerCards;
  if (related.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="related-heading">
      <h2 id="related-heading" className={clsx(styles.sectionTitle, styles.relatedTitle)}>
        More from {fromSet ? product.setName : product.player}
      </h2>
      <div className={styles.related}>
        {related.map((item) => (
          <StoreItemCard key={item._id} item={item} />
        ))}
      </div>
    </section>
  );
}

/**
 * The sections below the card: comparable sales and more cards from the store. Loaded apart from
 * the page, so their code and requests come after the card itself has painted.
 */
export default function ProductMoreFromStore({ product }: { product: Product }) {
  return (
    <>
      <RecentlySold product={product} />
      <Related product={product} />
    </>
  );
}
