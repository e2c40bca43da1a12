import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, e.g. `useMediaQuery('(min-width: 900px)')`. Read during the
 * first render, so a page never paints one layout and then swaps to the other; follows the window
 * as it changes. False where the browser has no matchMedia.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const matches = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, matches, () => false);
}
