import type { Plugin } from 'vite';
import { HOME_POSTER_URL } from '../src/features/home/media';
import { paths } from '../src/lib/paths';

/**
 * The home page's largest paint is its clip's poster. A small script in index.html asks for it
 * while the page's code downloads, on `/` only (index.html serves every route, so a plain
 * preload link would cost every other page the download). The server allows each inline script
 * of the built index.html by its hash in the CSP.
 */
export function homePosterPreload(): Plugin {
  const script = [
    `if (location.pathname === ${JSON.stringify(paths.home.path)}) {`,
    `  var poster = document.createElement('link');`,
    `  poster.rel = 'preload';`,
    `  poster.as = 'image';`,
    `  poster.href = ${JSON.stringify(HOME_POSTER_URL)};`,
    `  poster.fetchPriority = 'high';`,
    `  document.head.appendChild(poster);`,
    `}`,
  ].join('\n');
  return {
    name: 'grail:home-poster-preload',
    transformIndexHtml: () => [{ tag: 'script', children: script, injectTo: 'head' }],
  };
}
