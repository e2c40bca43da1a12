import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint on the entry chunk: Chromium then compiles all of it on a background
 * thread while it downloads, instead of function by function on the main thread when first
 * called, and nearly all of it runs on start-up. Written into the file once it is on disk, since
 * the minifier drops comments; left out of source-mapped builds, whose lines it would shift.
 */
export function eagerEntryCompile(): Plugin {
  return {
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
}
