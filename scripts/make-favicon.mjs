#!/usr/bin/env node
/**
 * Draws the tab icon as PNGs from apps/web/public/favicon.svg. The page links the PNG: Chromium
 * decodes an SVG icon by building an SVG document on the page's main thread while it starts.
 *   node scripts/make-favicon.mjs
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

const publicDir = new URL('../apps/web/public/', import.meta.url);
const svg = readFileSync(new URL('favicon.svg', publicDir));
for (const [name, size] of [
  ['favicon-32.png', 32],
  ['apple-touch-icon.png', 180],
]) {
  await sharp(svg, { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(new URL(name, publicDir).pathname);
  console.log('wrote', name);
}
