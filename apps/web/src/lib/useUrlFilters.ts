import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A page's filters kept in its URL. `update` sets the given ones (an empty value clears one); a
 * new filter starts again at the first page and replaces the history entry, while turning a page
 * adds one, so Back returns to the previous page of results.
 */
export function useUrlFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const update = useCallback(
    (changes: Record<string, string | undefined>) =>
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: !('page' in changes) },
      ),
    [setSearchParams],
  );
  return [searchParams, update] as const;
}
