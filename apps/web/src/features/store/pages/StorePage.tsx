import { useCallback } from 'react';
import { Alert, Box, Button, Pagination, Stack, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { STORE_PAGE_SIZE } from '@grail/contract';
import { useStoreItems } from '@/lib/api/products';
import { PageHeader } from '../components/PageHeader';
import { StoreFilters } from '../components/StoreFilters';
import { StoreItemCard, StoreItemSkeleton } from '../components/StoreItemCard';

const grid = {
  display: 'grid',
  gap: { xs: 1.5, sm: 2 },
  gridTemplateColumns: {
    xs: 'repeat(2, minmax(0, 1fr))',
    sm: 'repeat(3, minmax(0, 1fr))',
    lg: 'repeat(4, minmax(0, 1fr))',
  },
};

/** /store: the grid with search, filters, sort and pages, all kept in the URL query string. */
export default function StorePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = Object.fromEntries(searchParams);
  const { data, isPending, isError, error, refetch, isPlaceholderData } = useStoreItems({
    ...params,
    limit: String(STORE_PAGE_SIZE),
  });

  const update = useCallback(
    (changes: Record<string, string | undefined>) =>
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          // A new filter starts again at the first page.
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: !('page' in changes) },
      ),
    [setSearchParams],
  );

  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  return (
    <Box component="section">
      <title>Store | Grail Machine</title>
      <PageHeader title="Store">
        <Typography color="text.secondary">
          Graded and raw cards, each one a single physical item.
        </Typography>
      </PageHeader>
      <StoreFilters params={params} onChange={update} />
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ mt: 2, mb: 1.5 }}
        aria-live="polite"
        data-testid="store-count"
      >
        {data ? `${data.total} card${data.total === 1 ? '' : 's'}` : ' '}
      </Typography>
      {isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        >
          {error instanceof Error ? error.message : 'Could not load the store.'}
        </Alert>
      ) : isPending ? (
        <Box sx={grid} aria-busy="true" aria-label="Loading cards">
          {Array.from({ length: 8 }, (_, i) => (
            <StoreItemSkeleton key={i} />
          ))}
        </Box>
      ) : data.products.length === 0 ? (
        <Stack spacing={2} sx={{ alignItems: 'center', py: 8, textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            No cards match these filters.
          </Typography>
          <Typography color="text.secondary">Try a broader search or clear the filters.</Typography>
        </Stack>
      ) : (
        <Box sx={{ ...grid, opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {data.products.map((item, i) => (
            <StoreItemCard key={item._id} item={item} eager={i < 4} heading="h2" />
          ))}
        </Box>
      )}
      {data && pages > 1 && (
        <Stack sx={{ alignItems: 'center', mt: 4 }}>
          <Pagination
            count={pages}
            page={data.page}
            onChange={(_, page) => update({ page: page === 1 ? undefined : String(page) })}
            color="primary"
            shape="rounded"
          />
        </Stack>
      )}
    </Box>
  );
}
