import { lazy, useState, type ComponentType } from 'react';
import { SCRIPT_LOAD_TIMEOUT_MS } from '@grail/contract';
import { clearChunkReloadFlag } from '@/app/errors/chunkErrors';

type PageModule = { default: ComponentType };

/**
 * A page loaded on demand. A successful load clears the one-reload guard, so a later deploy can
 * reload the page again; a failure reaches the route's error screen.
 *
 * `preload()` starts the download early. A page whose code is already there when it mounts
 * renders at once: React.lazy would still suspend for a tick, commit the 'Loading...' fallback
 * and then hold the page back for its Suspense reveal throttle.
 *
 * A download still pending after the script load timeout (120 s) fails as a chunk load error, so
 * the page shows the new-version screen and reloads once rather than spinning for ever.
 */
export function lazyPage(
  load: () => Promise<PageModule>,
  { timeoutMs = SCRIPT_LOAD_TIMEOUT_MS }: { timeoutMs?: number } = {},
) {
  let loaded: ComponentType | undefined;
  const preload = async (): Promise<PageModule> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Loading chunk page failed (timeout after ${timeoutMs}ms)`)),
        timeoutMs,
      );
    });
    const page = await Promise.race([load(), timedOut]).finally(() => clearTimeout(timer));
    clearChunkReloadFlag();
    loaded = page.default;
    return { default: loaded };
  };
  const LazyPage = lazy(preload);
  function Page() {
    // Chosen once per mount, so a later render never swaps the page for a new instance.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <LazyPage />;
  }
  return Object.assign(Page, { preload });
}
