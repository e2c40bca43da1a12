import { useDeferredValue } from 'react';
import clsx from 'clsx';
import { FEATURED_COLUMNS_DEFAULT } from '@grail/contract';
import { FeaturedGrid } from '@/components/FeaturedGrid';
import featured from '@/components/FeaturedGrid.module.css';
import ui from '@/lib/styles/ui.module.css';
import { useCaseDetail } from '../api/useCaseDetail';
import grail from './grail.module.css';
import styles from './TopGrails.module.css';

/**
 * The case's most valuable cards still in it. While they load, placeholders of the cards' size
 * hold their place, so the checklist below is not pushed down when they arrive.
 */
export function TopGrails({ caseId }: { caseId: string }) {
  const detail = useCaseDetail(caseId);
  // Drawn in a deferred, time-sliced render when the answer arrives.
  const data = useDeferredValue(detail.data);
  if (data ? data.topGrails.length === 0 : detail.isError) return null;
  return (
    <section aria-labelledby="top-grails-heading" aria-busy={!data}>
      <h2 id="top-grails-heading" className={clsx(ui.h6, grail.gutter)}>
        Top grails still in the case
      </h2>
      {data ? (
        <FeaturedGrid cards={data.topGrails} />
      ) : (
        <ul aria-hidden className={featured.grid}>
          {Array.from({ length: FEATURED_COLUMNS_DEFAULT }, (_, i) => (
            <li key={i} className={featured.card}>
              <span className={clsx(grail.skeleton, styles.picture)} />
              <span className={clsx(grail.skeleton, styles.name)} />
              <span className={clsx(grail.skeleton, styles.fmv)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
