import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testEngine } from './helpers.js';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** Relative imports that exist at run time (`import type` is erased, so it cannot form a cycle). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/^import(?!\s+type\b)[^'";]*?from\s+'(\.{1,2}\/[^']+)'/gms),
    ...text.matchAll(/^export(?!\s+type\b)[^'";]*?from\s+'(\.{1,2}\/[^']+)'/gms),
    ...text.matchAll(/import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g),
  ].map((m) => m[1]!);
  return specifiers.map((s) => resolve(dirname(file), s.replace(/\.js$/, '.ts')));
}

// Engine-independent: runs once, in the PGlite project.
describe.runIf(testEngine === 'pglite')('API architecture', () => {
  const files = sourceFiles(SRC);
  const graph = new Map(files.map((f) => [f, runtimeImports(f).filter((i) => files.includes(i))]));

  it('has no import cycles', () => {
    // The parse found the imports (a broken pattern would pass vacuously).
    expect([...graph.values()].flat().length).toBeGreaterThan(150);
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'visiting');
      stack.push(file);
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'visiting') {
          cycles.push(
            [...stack.slice(stack.indexOf(next)), next].map((f) => relative(SRC, f)).join(' → '),
          );
        } else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });

  it('reaches into another module only through its service, rules, view or reads', () => {
    const reaches: string[] = [];
    for (const [file, imports] of graph) {
      const from = relative(SRC, file).split('/');
      if (from[0] !== 'modules') continue;
      for (const target of imports) {
        const to = relative(SRC, target).split('/');
        if (to[0] !== 'modules' || to[1] === from[1]) continue;
        if (!/\.(service|rules|view|reads)\.ts$/.test(to[2] ?? '')) {
          reaches.push(`${from.join('/')} → ${to.join('/')}`);
        }
      }
    }
    expect(reaches).toEqual([]);
  });

  it('ships no test code: fakes and fixtures live under test/, not src/', () => {
    const testCode = files
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        return (
          /from\s+'vitest'/.test(text) ||
          /from\s+'(\.{1,2}\/)+test\//.test(text) ||
          /(test-support|^fake-)/.test(relative(SRC, file).split('/').at(-1)!)
        );
      })
      .map((file) => relative(SRC, file));
    expect(testCode).toEqual([]);
  });
});
