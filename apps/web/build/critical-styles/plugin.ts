import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';
import { afterBuild } from '../afterBuild';
import { CRITICAL_STYLES_ATTRIBUTE, EMOTION_KEY } from '../../src/lib/styles/styleKeys';

const run = promisify(execFile);

/**
 * The home page as a phone and a desktop see it, in both themes, and each theme with both kinds
 * of status block (the showcase below 5 recent pulls, the carousel from 5).
 */
export const RENDER_PASSES = [
  { theme: 'light', width: 390, recentPulls: 0 },
  { theme: 'dark', width: 390, recentPulls: 6 },
  { theme: 'light', width: 1280, recentPulls: 6 },
  { theme: 'dark', width: 1280, recentPulls: 0 },
] as const;

const className = new RegExp(`\\.${EMOTION_KEY}-([A-Za-z0-9]+)`);

/**
 * The emotion name a rule belongs to: the hash of its class (`.gm-<name>`, also inside @media)
 * or of its keyframes (`animation-<name>`), which is the key emotion's cache marks as inserted.
 */
export function emotionNameOf(rule: string): string | undefined {
  return (
    rule.match(className)?.[1] ??
    rule.match(/@(?:-webkit-)?keyframes (animation-[A-Za-z0-9]+)/)?.[1]
  );
}

/**
 * The critical style element: the browser applies the rules from the HTML, and the app's emotion
 * cache, given the names it lists (src/lib/styles/emotionCache.ts), never compiles or inserts them
 * again, which is most of the work of React's first commits on a cold load.
 */
export function criticalStyleElement(rules: Iterable<string>): string {
  const names = new Set<string>();
  const kept: string[] = [];
  for (const rule of new Set(rules)) {
    const name = emotionNameOf(rule);
    if (!name || /<\/style/i.test(rule)) continue;
    names.add(name);
    kept.push(rule);
  }
  if (!kept.length) return '';
  return `<style ${CRITICAL_STYLES_ATTRIBUTE}="${[...names].join(' ')}">${kept.join('')}</style>`;
}

async function collectRules(outDir: string): Promise<string[]> {
  const renderPass = fileURLToPath(new URL('./render-pass.mjs', import.meta.url));
  const rules: string[] = [];
  // Two passes at a time: each is one Node process rendering the app in jsdom.
  for (let i = 0; i < RENDER_PASSES.length; i += 2) {
    const outputs = await Promise.all(
      RENDER_PASSES.slice(i, i + 2).map(({ theme, width, recentPulls }) =>
        run(
          process.execPath,
          [renderPass, outDir, EMOTION_KEY, theme, String(width), String(recentPulls)],
          {
            maxBuffer: 64 * 1024 * 1024,
          },
        ),
      ),
    );
    for (const { stdout, stderr } of outputs) {
      if (stderr) process.stderr.write(stderr);
      rules.push(...(JSON.parse(stdout) as string[]));
    }
  }
  return rules;
}

/**
 * After the build, renders the home page in jsdom and writes the styles of its first screen
 * into dist/index.html (see README, "Home page and X feed"). A failed pass fails the build.
 */
export function criticalStyles(): Plugin {
  return afterBuild('grail:critical-styles', async (outDir) => {
    const indexHtml = join(outDir, 'index.html');
    if (!existsSync(indexHtml)) return;
    const element = criticalStyleElement(await collectRules(outDir));
    const html = readFileSync(indexHtml, 'utf8');
    writeFileSync(indexHtml, html.replace('</head>', `${element}</head>`));
  });
}
