import clsx from 'clsx';
import { Link } from 'react-router';
import { CardImage } from '@/components/CardImage';
import { formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import ui from '@/lib/styles/ui.module.css';
import { useNewArrivals } from '../api/useNewArrivals';
import { cardSource } from './cardSource';
import styles from './NewArrivals.module.css';
import { NewArrivalsPlaceholder } from './NewArrivalsPlaceholder';

/** The 4 newest store items (loaded on demand, with the query, as the section nears the screen). */
export default function NewArrivalsGrid() {
  const arrivals = useNewArrivals();
  const items = arrivals.data ?? [];
  return arrivals.isPending ? (
    <NewArrivalsPlaceholder />
  ) : items.length === 0 ? (
    <p className={clsx(ui.body1, ui.secondaryText, styles.empty)}>No new store items to display.</p>
  ) : (
    <ul className={styles.grid} data-testid="new-arrivals">
      {items.map((item) => (
        <li key={item._id}>
          <div className={clsx(ui.paper, styles.item)}>
            <Link to={paths.product.getHref(item._id)} className={styles.link}>
              <CardImage
                src={cardSource(item)}
                alt={item.name}
                sizes="(max-width: 900px) 45vw, 260px"
              />
              <h3 className={clsx(ui.clamp2, styles.name)}>{item.name}</h3>
              <p className={clsx(ui.h6, styles.price)}>{formatUsd(item.storePrice)}</p>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
