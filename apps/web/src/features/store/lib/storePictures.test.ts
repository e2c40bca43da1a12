import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoreItem } from '@grail/contract';
import { imageSources, resolveImageUrl } from '@/lib/images';
import { preloadFirstPictures, STORE_PICTURE_SIZES } from './storePictures';

const item = (id: string, imageUrl: string) => ({ _id: id, imageUrl }) as StoreItem;
const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=preload]')];

afterEach(() => {
  preloads().forEach((link) => link.remove());
  vi.unstubAllGlobals();
});

describe('the store grid’s first pictures', () => {
  it('start at high priority with the cards’ own sources, one row’s worth on a phone', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }));
    preloadFirstPictures([item('a', 'a.webp'), item('b', 'b.webp'), item('c', 'c.webp')]);
    const links = preloads();
    expect(links).toHaveLength(2);
    const first = imageSources(resolveImageUrl('a.webp')!);
    expect(links[0]!.getAttribute('href')).toBe(first.src);
    expect(links[0]!.getAttribute('imagesrcset')).toBe(first.srcSet);
    expect(links[0]!.getAttribute('imagesizes')).toBe(STORE_PICTURE_SIZES);
    expect(links[0]!.getAttribute('fetchpriority')).toBe('high');
  });

  it('take four on a wide screen and skip a card without a picture', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query }));
    preloadFirstPictures(['a', '', 'c', 'd', 'e'].map((name, i) => item(String(i), name)));
    expect(preloads()).toHaveLength(3);
  });
});
