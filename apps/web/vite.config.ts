import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { criticalStyles } from './build/critical-styles/plugin';
import { precompress } from './build/precompress';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3001';

// React Router 7's package exports always name its development build, whose dev-only warnings
// then ship (remix-run/react-router#14102); a production build takes the production files.
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * V8's explicit compile hint on the entry chunk: Chromium then compiles all of it on a background
 * thread while it downloads, instead of function by function on the main thread when first
 * called, and nearly all of it runs on start-up. Written into the file once it is on disk, since
 * the minifier drops comments; left out of source-mapped builds, whose lines it would shift.
 */
const eagerEntryCompile: Plugin = {
  name: 'grail:eager-entry-compile',
  apply: 'build',
  writeBundle(options, bundle) {
    if (options.sourcemap || !options.dir) return;
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
      const file = join(options.dir, chunk.fileName);
      writeFileSync(file, `//# allFunctionsCalledOnLoad\n${readFileSync(file, 'utf8')}`);
    }
  },
};

export default defineConfig(({ mode }) => ({
  plugins: [react(), eagerEntryCompile, criticalStyles(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(mode === 'production'
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : []),
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
}));
