import { useState } from 'react';
import clsx from 'clsx';
import { CircleAlert } from 'lucide-react';
import { useUrlFilters } from '@/lib/useUrlFilters';
import { STORE_PAGE_SIZE } from '@grail/contract';
import { useStoreItems } from '@/lib/api/products';
import ui from '@/lib/styles/ui.module.css';
import { PageHeader } from '../components/PageHeader';
import { StoreFilters } from '../components/StoreFilters';
import { StoreItemCard, StoreItemSkeleton } from '../components/StoreItemCard';
import { Pagination } from '@/components/ui/Pagination';
import { firstRowLength } from '../lib/storePictures';
import styles from './StorePage.module.css';
import { Button } from '@/components/ui/Button';

/**
 * /store: the grid with search, filters, sort and pages, all kept in the URL query string. Styled
 * at build time (plain elements and CSS modules), so a visit loads no MUI until a filter's list
 * opens.
 */
export default function StorePage() {
  const [searchParams, update] = useUrlFilters();
  const params = Object.fromEntries(searchParams);
  const { data, isPending, isError, error, refetch, isPlaceholderData } = useStoreItems({
    ...params,
    limit: String(STORE_PAGE_SIZE),
  });

  // The first row's pictures (preloaded on a direct visit) are the page's largest paint.
  const [firstRow] = useState(firstRowLength);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  return (
    <section>
      <title>Store | Grail Machine</title>
      <PageHeader title="Store">
        <p className={clsx(ui.body1, ui.secondaryText)}>
          Graded and raw cards, each one a single physical item.
        </p>
      </PageHeader>
      <StoreFilters params={params} onChange={update} />
      <p
        className={clsx(ui.body2, ui.secondaryText, styles.count)}
        aria-live="polite"
        data-testid="store-count"
      >
        {data ? `${data.total} card${data.total === 1 ? '' : 's'}` : ' '}
      </p>
      {isError ? (
        <div role="alert" className={clsx(ui.body2, styles.alert)}>
          <CircleAlert aria-hidden size={22} className={styles.alertIcon} />
          <span className={styles.alertMessage}>
            {error instanceof Error ? error.message : 'Could not load the store.'}
          </span>
          <Button
            variant="text"
            color="inherit"
            size="small"
            className={styles.alertAction}
            onClick={() => void refetch()}
          >
            Try again
          </Button>
        </div>
      ) : isPending ? (
        <div className={styles.grid} aria-busy="true" aria-label="Loading cards">
          {Array.from({ length: 8 }, (_, i) => (
            <StoreItemSkeleton key={i} />
          ))}
        </div>
      ) : data.products.length === 0 ? (
        <div className={styles.empty}>
          <p className={ui.h6}>No cards match these filters.</p>
          <p className={clsx(ui.body1, ui.secondaryText)}>
            Try a broader search or clear the filters.
          </p>
        </div>
      ) : (
        <div
          className={clsx(styles.grid, styles.cards, isPlaceholderData && styles.stale)}
          // The previous answer's cards, dimmed until the next arrive: an update in progress.
          aria-busy={isPlaceholderData || undefined}
        >
          {data.products.map((item, i) => (
            <StoreItemCard
              key={item._id}
              item={item}
              eager={i < 4}
              priority={i < firstRow}
              heading="h2"
            />
          ))}
        </div>
      )}
      {data && pages > 1 && (
        <Pagination
          count={pages}
          page={data.page}
          onPageChange={(page) => update({ page: page === 1 ? undefined : String(page) })}
        />
      )}
    </section>
  );
}
