import { useLocation } from 'react-router';
import { dateFormat } from '@/lib/format';
import { paths } from '@/lib/paths';

/** When an FMV was set: Nov 25, 2026. */
export const fmvDateFormat = dateFormat({ dateStyle: 'medium' });

/** What a product page needs to send the collector back to the store as they left it. */
export interface StoreReturn {
  storeSearch?: string;
}

/** The store's filters to return to: this page's own on /store, else those the page was opened with. */
export function useStoreReturn(): StoreReturn {
  const location = useLocation();
  return {
    storeSearch:
      location.pathname === paths.store.path
        ? location.search
        : (location.state as StoreReturn | null)?.storeSearch,
  };
}
