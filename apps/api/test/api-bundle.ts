import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The production bundle of `src/main.ts`, built once per run for the suites that spawn it. */
    apiBundle: string;
  }
}

const apiRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Builds the API as `npm run build` does (esbuild, under a second) into a folder of apps/api, where
 * its npm imports resolve. A spawned process then starts from one file in about 3 s, where
 * `node --import tsx src/main.ts` compiled some 400 modules and took 6 to 8 s, and over a minute on
 * a busy box.
 */
export default function buildApiBundle(project: TestProject) {
  mkdirSync(join(apiRoot, '.e2e-builds'), { recursive: true });
  const outDir = mkdtempSync(join(apiRoot, '.e2e-builds', 'vitest-'));
  execFileSync(process.execPath, ['build.mjs'], {
    cwd: apiRoot,
    env: { ...process.env, API_OUT_DIR: outDir },
    stdio: 'inherit',
  });
  project.provide('apiBundle', join(outDir, 'main.js'));
  return () => rmSync(outDir, { recursive: true, force: true });
}
