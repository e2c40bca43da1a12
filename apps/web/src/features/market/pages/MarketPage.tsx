import clsx from 'clsx';
import { useUrlFilters } from '@/lib/useUrlFilters';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { CardGrid, NoMatches, ResultCount, UrlPagination } from '@/components/CardGrid';
import ui from '@/lib/styles/ui.module.css';
import { useMarketListings } from '../api/listings';
import { ListingCard, ListingCardSkeleton } from '../components/ListingCard';
import { MARKET_PARAM_KEYS, MarketFilters, type MarketParams } from '../components/MarketFilters';
import styles from './MarketPage.module.css';

const PAGE_SIZE = 24;

/** The URL's search as the page reads it: only the parameters the marketplace knows. */
function paramsOf(search: URLSearchParams): MarketParams {
  return Object.fromEntries(
    [...MARKET_PARAM_KEYS, 'page'].flatMap((k) => {
      const v = search.get(k);
      return v ? [[k, v]] : [];
    }),
  );
}

/**
 * /market: cards collectors sell to each other, searchable by player, set, year, sport, grader,
 * grade and price, sorted; every filter and the page are kept in the URL, so a search can be
 * shared, reloaded and gone back to.
 */
export default function MarketPage() {
  const [searchParams, update] = useUrlFilters();
  const params = paramsOf(searchParams);
  const { data, isPending, isError, error, refetch, isPlaceholderData } = useMarketListings({
    ...params,
    limit: String(PAGE_SIZE),
  });

  return (
    <section className={styles.page}>
      <title>Marketplace | Grail Machine</title>
      <h1 className={ui.h4}>Marketplace</h1>
      <p className={clsx(ui.body1, ui.secondaryText, styles.lead)}>
        Cards collectors sell to each other from their vaults. Pay from your wallet and the card is
        in your vault at once. No buyer&apos;s premium.
      </p>
      <MarketFilters params={params} onChange={update} />
      <ResultCount
        total={data?.total}
        noun="listing"
        testId="market-count"
        className={styles.count}
      />
      {isError && !data ? (
        <LoadFailed onRetry={() => void refetch()}>
          {error instanceof Error && error.message
            ? `Could not load the marketplace: ${error.message}`
            : 'Could not load the marketplace.'}
        </LoadFailed>
      ) : isPending ? (
        <CardGrid loading="Loading listings">
          {Array.from({ length: 8 }, (_, i) => (
            <ListingCardSkeleton key={i} />
          ))}
        </CardGrid>
      ) : data.listings.length === 0 ? (
        <NoMatches testId="market-empty" />
      ) : (
        <CardGrid stale={isPlaceholderData}>
          {data.listings.map((listing, i) => (
            <ListingCard key={listing._id} listing={listing} eager={i < 4} />
          ))}
        </CardGrid>
      )}
      <UrlPagination result={data} update={update} />
    </section>
  );
}
