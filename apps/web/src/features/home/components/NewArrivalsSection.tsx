import { lazy, Suspense } from 'react';
import { paths } from '@/lib/paths';
import { useNearViewport } from '@/lib/useNearViewport';
import styles from './NewArrivals.module.css';
import { NewArrivalsPlaceholder } from './NewArrivalsPlaceholder';
import { SectionHeading } from './SectionHeading';
import { ButtonLink } from '@/components/ui/Button';

// The grid's code (cards, prices) and its data load as the section nears the screen.
const NewArrivalsGrid = lazy(() => import('./NewArrivalsGrid'));

/** Section 5: the 4 newest store items, fetched when the section comes near the screen. */
export function NewArrivalsSection() {
  const { ref, near } = useNearViewport<HTMLDivElement>();
  return (
    <section aria-labelledby="new-arrivals-title">
      <SectionHeading id="new-arrivals-title">New Arrivals in Our Store!</SectionHeading>
      <div ref={ref}>
        {near ? (
          <Suspense fallback={<NewArrivalsPlaceholder />}>
            <NewArrivalsGrid />
          </Suspense>
        ) : (
          <NewArrivalsPlaceholder />
        )}
      </div>
      <div className={styles.more}>
        <ButtonLink
          to={paths.store.getHref()}
          variant="outlined"
          color="inherit"
          size="large"
          className={styles.viewAll}
        >
          View All Store Items
        </ButtonLink>
      </div>
    </section>
  );
}
