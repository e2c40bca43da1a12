/** Session flag: the page already reloaded itself once for a failed chunk, so it never reloads in a loop. */
export const CHUNK_RELOAD_FLAG = 'chunkReloadAttempted';

/**
 * A script chunk that failed to load: webpack-style 'Loading chunk N failed', or the browser's
 * own dynamic-import errors (Chromium, Firefox, Safari word them differently).
 */
export function isChunkLoadError(error: unknown): boolean {
  const text =
    error instanceof Error
      ? `${error.name} ${error.message}`
      : typeof error === 'string'
        ? error
        : '';
  return /Loading chunk [\w-]+ failed|ChunkLoadError|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    text,
  );
}

export function hasReloadedForChunk(): boolean {
  try {
    return sessionStorage.getItem(CHUNK_RELOAD_FLAG) === 'true';
  } catch {
    return true;
  }
}

export function markReloadedForChunk(): void {
  try {
    sessionStorage.setItem(CHUNK_RELOAD_FLAG, 'true');
  } catch {
    // Without storage we cannot guard the reload, so hasReloadedForChunk() says it happened.
  }
}

export function clearChunkReloadFlag(): void {
  try {
    sessionStorage.removeItem(CHUNK_RELOAD_FLAG);
  } catch {
    // Nothing stored.
  }
}
