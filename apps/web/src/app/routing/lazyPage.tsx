import { lazy, type ComponentType } from 'react';
import { clearChunkReloadFlag } from '@/app/errors/chunkErrors';

/**
 * A page loaded on demand. A successful load clears the one-reload guard, so a later deploy can
 * reload the page again; a failure reaches the route's error screen.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    const page = await load();
    clearChunkReloadFlag();
    return page;
  });
}
