import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { palettes } from '@/lib/theme/palette';

const css = readFileSync(join(import.meta.dirname, 'tokens.css'), 'utf8');

/** The declarations of the first rule whose selector list starts with `selector`. */
function variables(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector},`);
  const block = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  return new Map(
    [...block.matchAll(/(--gm-[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name!, value!]),
  );
}

const cssName = (token: string) => `--gm-${token.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

describe('tokens.css', () => {
  it.each([
    ['light', ':root'],
    ['dark', ':root.dark'],
  ] as const)(
    "declares the %s palette with MUI's theme's values (palette.ts)",
    (mode, selector) => {
      const declared = variables(selector);
      for (const [token, value] of Object.entries(palettes[mode])) {
        expect(declared.get(cssName(token)), token).toBe(value);
      }
    },
  );
});
