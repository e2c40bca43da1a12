// Prints line coverage per app from the summary `vitest run --coverage` writes (npm run coverage).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const file = process.argv[2] ?? 'coverage/coverage-summary.json';
const summary = JSON.parse(readFileSync(file, 'utf8'));
const folders = ['apps/api/src/', 'apps/web/src/'];
const totals = new Map(folders.map((folder) => [folder, { covered: 0, total: 0, files: 0 }]));

for (const [path, { lines }] of Object.entries(summary)) {
  if (path === 'total') continue;
  const folder = folders.find((f) => relative(process.cwd(), path).startsWith(f));
  if (!folder) continue;
  const t = totals.get(folder);
  t.covered += lines.covered;
  t.total += lines.total;
  t.files += 1;
}

console.log('\nLine coverage');
for (const [folder, { covered, total, files }] of totals) {
  const percent = total === 0 ? 'n/a' : `${((100 * covered) / total).toFixed(2)}%`;
  console.log(
    `  ${folder.padEnd(14)} ${percent.padStart(7)}  (${covered} of ${total} lines, ${files} files)`,
  );
}
