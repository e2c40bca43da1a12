import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * A build-only Vite plugin that runs `step` on the output folder once every file is written.
 * Steps run one after another in plugin order; `last` puts a step after all the others.
 */
export function afterBuild(
  name: string,
  step: (outDir: string) => void | Promise<void>,
  { last = false }: { last?: boolean } = {},
): Plugin {
  let outDir = 'dist';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      ...(last ? { order: 'post' as const } : {}),
      sequential: true,
      handler: () => step(outDir),
    },
  };
}
