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
import { CardGrid, NoMatches, ResultCount, UrlPagination } from '@/components/CardGrid';
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
  return (
    <section>
      <title>Store | Grail Machine</title>
      <PageHeader title="Store">
        <p className={clsx(ui.body1, ui.secondaryText)}>
          Graded and raw cards, each one a single physical item.
        </p>
      </PageHeader>
      <StoreFilters params={params} onChange={update} />
      <ResultCount total={data?.total} noun="card" testId="store-count" className={styles.count} />
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
        <CardGrid loading="Loading cards">
          {Array.from({ length: 8 }, (_, i) => (
            <StoreItemSkeleton key={i} />
          ))}
        </CardGrid>
      ) : data.products.length === 0 ? (
        <NoMatches className={styles.empty} />
      ) : (
        <CardGrid stale={isPlaceholderData}>
          {data.products.map((item, i) => (
            <StoreItemCard
              key={item._id}
              item={item}
              eager={i < 4}
              priority={i < firstRow}
              heading="h2"
            />
          ))}
        </CardGrid>
      )}
      <UrlPagination result={data} update={update} />
    </section>
  );
}
