import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testEngine } from './helpers.js';
import { TABLE_OWNERS } from './table-owners.js';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** `import { a, b } from '…'` statements that exist at run time, with what each brings in. */
function runtimeImportStatements(text: string) {
  return [
    ...text.matchAll(/^import(?!\s+type\b)([^'";]*?)from\s+'(\.{1,2}\/[^']+)'/gms),
    ...text.matchAll(/^export(?!\s+type\b)([^'";]*?)from\s+'(\.{1,2}\/[^']+)'/gms),
    ...[...text.matchAll(/import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g)].map((m) => [m[0], '', m[1]]),
  ].map((m) => ({ names: m[1] ?? '', specifier: m[2]! }));
}

/** Relative imports that exist at run time (`import type` is erased, so it cannot form a cycle). */
function runtimeImports(file: string): string[] {
  return runtimeImportStatements(readFileSync(file, 'utf8')).map((s) =>
    resolve(dirname(file), s.specifier.replace(/\.js$/, '.ts')),
  );
}

/** The source with comments removed, so prose about a table is not read as SQL. */
const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** Text in string and template literals: where SQL is written. */
const literals = (text: string) =>
  [...withoutComments(text).matchAll(/`(?:[^`\\]|\\.)*`|'(?:[^'\\\n]|\\.)*'/g)].map((m) => m[0]);

const rel = (file: string) => relative(SRC, file);

/** modules/<name>/… → name; anything else is no module's. */
const moduleOf = (file: string) => {
  const parts = rel(file).split('/');
  return parts[0] === 'modules' ? parts[1]! : `(${parts[0]!.replace(/\.ts$/, '')})`;
};

/**
 * The layers, lowest first. A file imports at run time only from its own layer or those below:
 * the foundation knows no module, a module's rules and services know no HTTP, and only the
 * composition (app, services, main) knows every service.
 */
const LAYERS = ['foundation', 'modules', 'http', 'composition'] as const;
function layerOf(file: string): (typeof LAYERS)[number] {
  const path = rel(file);
  const top = path.split('/')[0]!;
  if (['lib', 'db'].includes(top) || /^(errors|config|logger|secret)\.ts$/.test(path))
    return 'foundation';
  if (top === 'modules') return path.endsWith('.routes.ts') ? 'http' : 'modules';
  if (['http', 'plugins'].includes(top)) return 'http';
  return 'composition';
}

// Engine-independent: runs once, in the PGlite project.
describe.runIf(testEngine === 'pglite')('API architecture', () => {
  const files = sourceFiles(SRC);
  const graph = new Map(files.map((f) => [f, runtimeImports(f).filter((i) => files.includes(i))]));

  /** Schema export name → table name, read from db/schema. */
  const tableOfExport = new Map(
    files
      .filter((f) => rel(f).startsWith('db/schema/'))
      .flatMap((f) => [
        ...readFileSync(f, 'utf8').matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g),
      ])
      .map((m) => [m[1]!, m[2]!] as const),
  );
  const owners = new Map(
    Object.entries(TABLE_OWNERS).flatMap(([owner, tables]) => tables.map((t) => [t, owner])),
  );

  it('gives every table of the schema one owner', () => {
    expect(tableOfExport.size).toBeGreaterThan(40);
    expect([...tableOfExport.values()].filter((t) => !owners.has(t))).toEqual([]);
    expect([...owners.keys()].filter((t) => ![...tableOfExport.values()].includes(t))).toEqual([]);
  });

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
          cycles.push([...stack.slice(stack.indexOf(next)), next].map(rel).join(' → '));
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
      const from = rel(file).split('/');
      if (from[0] !== 'modules') continue;
      for (const target of imports) {
        const to = rel(target).split('/');
        if (to[0] !== 'modules' || to[1] === from[1]) continue;
        if (!/\.(service|rules|view|reads)\.ts$/.test(to[2] ?? '')) {
          reaches.push(`${from.join('/')} → ${to.join('/')}`);
        }
      }
    }
    expect(reaches).toEqual([]);
  });

  it('points layers one way: foundation ← modules ← http ← composition', () => {
    const backArrows: string[] = [];
    let downward = 0;
    for (const [file, imports] of graph) {
      const from = LAYERS.indexOf(layerOf(file));
      for (const target of imports) {
        const to = LAYERS.indexOf(layerOf(target));
        if (to > from) backArrows.push(`${rel(file)} → ${rel(target)}`);
        else if (to < from) downward++;
      }
    }
    // The classification sees imports between layers (a broken one would pass vacuously).
    expect(downward).toBeGreaterThan(100);
    expect(backArrows).toEqual([]);
  });

  it("uses another module's table only through that module", () => {
    const uses: { file: string; table: string }[] = [];
    for (const file of files) {
      const path = rel(file);
      if (path.startsWith('db/')) continue;
      const text = readFileSync(file, 'utf8');
      // A table object imported at run time from the schema.
      for (const { names, specifier } of runtimeImportStatements(text)) {
        if (!/\/db\/schema\//.test(specifier)) continue;
        for (const raw of names.replace(/[{}]/g, '').split(',')) {
          const name = raw.trim();
          if (!name || name.startsWith('type ')) continue;
          const table = tableOfExport.get(name.split(/\s+as\s+/)[0]!);
          if (table) uses.push({ file: path, table });
        }
      }
      // A table named in SQL text: written (insert, update, delete) or read (from, join).
      for (const literal of literals(text)) {
        const sqlUses = literal.matchAll(
          /\b(?:insert\s+into|update|delete\s+from|from|join)\s+("?)([a-z_]+)\1(?=[\s,;)`'(]|$)/gi,
        );
        for (const m of sqlUses) if (owners.has(m[2]!)) uses.push({ file: path, table: m[2]! });
      }
    }
    // The scan sees tables at all (a broken pattern would pass vacuously).
    expect(uses.length).toBeGreaterThan(120);
    expect(new Set(uses.map((u) => u.table)).size).toBeGreaterThan(30);
    const foreign = [
      ...new Set(
        uses
          .filter((u) => owners.get(u.table) !== moduleOf(join(SRC, u.file)))
          .map((u) => `${u.file} → ${u.table}`),
      ),
    ].sort();
    expect(foreign).toEqual([]);
  });

  it('sends raw SQL only as a declared statement (db/statements.ts), which a test prepares', () => {
    const undeclared: string[] = [];
    let seen = 0;
    // A declared builder's text may be wrapped for drizzle where it is used: sql.raw(lockText(id)).
    const names = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/const (\w+) = (?:rawStatement|prepared)\(/g)].map(
        (m) => m[1]!,
      ),
    );
    for (const file of files) {
      const path = rel(file);
      // The database layer itself (batches, connections, migrations) and the declarations.
      if (/^db\/(batch|client|migrate|statements)\.ts$|^db\/schema\//.test(path)) continue;
      const text = withoutComments(readFileSync(file, 'utf8'));
      const declarations = [...text.matchAll(/\b(rawStatement|prepared)\(/g)].map((m) =>
        span(text, m.index + m[0].length - 1),
      );
      const raw = text.matchAll(
        /\.execute\(\s*(sql\b|[\w.]+\s*\))|sql\.raw\(|sqlText`|:\s*Prepared\s*=|\bPrepared\s*=>\s*\(\{|\.(exec|query)\(\s*[`'"]/g,
      );
      for (const m of raw) {
        seen++;
        const wrapsDeclared = names.some((n) =>
          new RegExp(`^(\\.execute\\(\\s*)?sql\\.raw\\(${n}\\(`).test(text.slice(m.index)),
        );
        if (!wrapsDeclared && !declarations.some(([from, to]) => m.index > from && m.index < to))
          undeclared.push(path);
      }
    }
    expect(seen).toBeGreaterThan(10);
    const found = [...new Set(undeclared)].sort();
    expect(found).toEqual([]);
  });

  it('ships no test code: fakes and fixtures live under test/, not src/', () => {
    const testCode = files
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        return (
          /from\s+'vitest'/.test(text) ||
          /from\s+'(\.{1,2}\/)+test\//.test(text) ||
          /(test-support|^fake-)/.test(rel(file).split('/').at(-1)!)
        );
      })
      .map(rel);
    expect(testCode).toEqual([]);
  });
});

/** From an opening parenthesis to its closing one: [open, close]. */
function span(text: string, open: number): [number, number] {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return [open, i];
  }
  return [open, text.length];
}
