// Bundles the API into dist/main.js; npm packages stay external, the workspace contract is inlined.
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@grail/'));

// API_OUT_DIR lets a test run build into a folder of its own (see scripts/e2e-isolated.sh).
const outDir = process.env.API_OUT_DIR ?? 'dist';
rmSync(outDir, { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outfile: `${outDir}/main.js`,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
cpSync('src/db/migrations', `${outDir}/migrations`, { recursive: true });
cpSync('src/modules/demo/catalogue.csv', `${outDir}/catalogue.csv`);
