import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { eagerEntryCompile } from './build/compileHint';
import { endpointRoutes } from './build/endpointRoutes';
import { homePosterPreload } from './build/homePosterPreload';
import { inlineStyles } from './build/inlineStyles';
import { precompress } from './build/precompress';
import { startScreen } from './build/startScreen';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3001';

// React Router 7's package exports always name its development build, whose dev-only warnings
// then ship (remix-run/react-router#14102); a production build takes the production files.
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    endpointRoutes(),
    homePosterPreload(),
    eagerEntryCompile(),
    inlineStyles(),
    startScreen(),
    precompress(),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // zod configured for the browser before any schema is made (src/lib/zod.ts).
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url)) },
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
    // The entry's stylesheet is written into index.html by inlineStyles(); each page's styles come
    // with its code (and the server preloads a public page's, api http/page-meta.ts).
    cssCodeSplit: true,
    // .vite/manifest.json: the server preloads a page's own chunks from it (api http/page-meta.ts).
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
}));
