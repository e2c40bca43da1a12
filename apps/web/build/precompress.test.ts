import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
} from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPRESSION_LEVELS, compressionLevels, precompress } from './precompress';

/** Text that compresses differently at each level, so the bytes tell which level made them. */
const script = Array.from(
  { length: 400 },
  (_, i) => `export const value${i} = ${(i * 7919) % 1000} + ${JSON.stringify(`item-${i % 37}`)};`,
).join('\n');

/** Runs the Vite plugin as a build does: resolved config, then closeBundle once files are written. */
async function runPlugin(root: string) {
  const plugin = precompress();
  (plugin.configResolved as (c: unknown) => void)({ root, build: { outDir: 'dist' } });
  await (plugin.closeBundle as { handler: () => Promise<void> | void }).handler();
}

describe('precompressed copies of the build', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('at the production levels (brotli 11, gzip 9) unless a test build asks for fast ones', async () => {
    dir = mkdtempSync(join(tmpdir(), 'grail-precompress-'));
    const dist = join(dir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'assets', 'entry.js'), script);
    writeFileSync(join(dist, 'tiny.js'), 'export {};');
    writeFileSync(join(dist, 'photo.png'), Buffer.alloc(4096, 1));

    expect(compressionLevels({})).toEqual({ brotli: 11, gzip: 9 });
    expect(compressionLevels({ PRECOMPRESS: 'fast' })).toEqual(COMPRESSION_LEVELS.fast);
    delete process.env.PRECOMPRESS;
    await runPlugin(dir);

    const content = Buffer.from(script);
    const br = readFileSync(join(dist, 'assets', 'entry.js.br'));
    const gz = readFileSync(join(dist, 'assets', 'entry.js.gz'));
    expect(brotliDecompressSync(br).equals(content)).toBe(true);
    expect(gunzipSync(gz).equals(content)).toBe(true);
    const brotliAt = (quality: number) =>
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      });
    expect(br.equals(brotliAt(11))).toBe(true);
    expect(br.length).toBeLessThan(brotliAt(COMPRESSION_LEVELS.fast.brotli).length);
    expect(gz.equals(gzipSync(content, { level: 9 }))).toBe(true);

    // Files under 1 KiB and images are left as they are.
    expect(existsSync(join(dist, 'tiny.js.br'))).toBe(false);
    expect(existsSync(join(dist, 'photo.png.br'))).toBe(false);
  });
});
