import clsx from 'clsx';
import { STORE_NEW_ARRIVALS } from '@grail/contract';
import styles from './NewArrivals.module.css';
import skeleton from '@/components/ui/Skeleton.module.css';

/** The grid's shape while it loads, so the sections below keep their place. */
export function NewArrivalsPlaceholder() {
  return (
    <ul className={styles.grid} aria-hidden>
      {Array.from({ length: STORE_NEW_ARRIVALS }, (_, i) => (
        <li key={i}>
          <span className={clsx(skeleton.skeleton, skeleton.rounded, styles.pictureSkeleton)} />
          <span className={clsx(skeleton.skeleton, skeleton.text, styles.nameSkeleton)} />
          <span className={clsx(skeleton.skeleton, skeleton.text, styles.priceSkeleton)} />
        </li>
      ))}
    </ul>
  );
}
