// Runs shell commands side by side (lint, format, types, build: each mostly one core), prints each
// one's output in a block when it ends, and fails if any fails.
// Usage: node scripts/parallel.mjs "npm run lint" "npm run format:check" …
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('usage: node scripts/parallel.mjs "<command>" ["<command>" …]');
  process.exit(2);
}

const started = Date.now();
const seconds = (from) => ((Date.now() - from) / 1000).toFixed(1);

const run = (command) =>
  new Promise((resolve) => {
    const from = Date.now();
    // Output is kept and printed whole, so parallel commands never interleave their lines.
    const output = [];
    const child = spawn(command, {
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0'),
      },
    });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const ok = code === 0;
      const status = ok ? 'ok' : `failed (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n── ${command}: ${status} in ${seconds(from)} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(ok);
    });
  });

const results = await Promise.all(commands.map(run));
const failed = commands.filter((_, i) => !results[i]);
if (failed.length > 0) {
  console.error(`\n${failed.length} of ${commands.length} failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`\nall ${commands.length} passed in ${seconds(started)} s`);
