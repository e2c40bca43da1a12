import type { StoreItem } from '@grail/contract';
import { imageSources, resolveImageUrl } from '@/lib/images';

/**
 * A store card's picture width: half the screen less the page's and the card's margins on a
 * phone (so a phone loads the small variant), at most 280 px in the wider grids.
 */
export const STORE_PICTURE_SIZES = '(max-width: 599.95px) calc(50vw - 48px), 280px';

/** How many cards the store grid's first row holds at this window's width. */
export function firstRowLength(): number {
  if (typeof window.matchMedia !== 'function') return 2;
  if (window.matchMedia('(min-width: 1200px)').matches) return 4;
  return window.matchMedia('(min-width: 600px)').matches ? 3 : 2;
}

/**
 * Starts the first row's pictures, the page's largest paint, at high priority as soon as the cards
 * are known, before the page renders them. Same sources and sizes as the cards' own images, so the
 * browser picks the same file and the images use these downloads.
 */
export function preloadFirstPictures(items: readonly StoreItem[]): void {
  for (const item of items.slice(0, firstRowLength())) {
    const url = resolveImageUrl(item.imageUrl);
    if (url === null) continue;
    const { src, srcSet } = imageSources(url);
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = src;
    if (srcSet) {
      link.setAttribute('imagesrcset', srcSet);
      link.setAttribute('imagesizes', STORE_PICTURE_SIZES);
    }
    link.setAttribute('fetchpriority', 'high');
    document.head.append(link);
  }
}
