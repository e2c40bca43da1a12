import { request } from '@playwright/test';
import { PGlite } from '@electric-sql/pglite';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, imagePath, launchServer, type ImageKind } from './server';
import { POOL_PER_SLOT, poolEmail, poolUsername, registerBuyer } from './users';

/** Worker slots the pool serves: more than the config's workers, so a change there needs none here. */
const POOL_SLOTS = 4;

/**
 * Makes one database image: the built app migrates a fresh data directory (and loads the demo
 * catalogue for 'demo'), one collector signs up through the real endpoints, and after the server
 * stops that collector is copied into a pool of ready collectors (same password hash, profile and
 * verification), so tests take one instead of signing up.
 */
async function makeImage(kind: ImageKind): Promise<void> {
  const dataDir = imagePath(kind);
  rmSync(dataDir, { recursive: true, force: true });
  const server = await launchServer({
    env: { DEMO_DATA: kind === 'demo' ? 'true' : 'false' },
    port: await freePort(),
    dataDir,
    // Drawing the demo's card art took over two minutes on a loaded 2-core machine.
    startTimeoutMs: 600_000,
  });
  let template: string;
  try {
    const api = await request.newContext({ baseURL: server.baseURL });
    template = (await registerBuyer(api, 'template')).email;
    await api.dispose();
  } finally {
    await server.stop();
  }
  const db = new PGlite(dataDir);
  try {
    const { rows } = await db.query<{ name: string }>(
      `select column_name as name from information_schema.columns
       where table_name = 'users' and column_name not in ('id', 'email', 'username', 'client_seed', 'created_at')`,
    );
    const copied = rows.map((r) => `"${r.name}"`).join(', ');
    for (let slot = 0; slot < POOL_SLOTS; slot++) {
      await db.query(
        `insert into users (email, username, ${copied})
         select format($2, i), format($3, i), ${copied}
         from users, generate_series(0, $4::int - 1) as i where email = $1`,
        [template, poolEmail(slot, '%s'), poolUsername(slot, '%s'), POOL_PER_SLOT],
      );
    }
  } finally {
    await db.close();
  }
}

/**
 * Once per run: the database images every test server starts from (a copy, so none migrates or
 * draws the demo's card art again), then the shared server, from the demo image. An
 * E2E_IMAGE_DIR given from outside keeps its images for the next run (while the API build and
 * its migrations stay the same): only the pool's counts start again.
 */
export default async function globalSetup() {
  const root = process.env.E2E_IMAGE_DIR!;
  const ready = join(root, 'ready');
  mkdirSync(root, { recursive: true });
  for (const name of readdirSync(root)) {
    if (name.startsWith('pool-used-')) rmSync(join(root, name));
  }
  if (!existsSync(ready)) {
    await Promise.all([makeImage('demo'), makeImage('plain')]);
    writeFileSync(ready, new Date().toISOString());
  }
  cpSync(imagePath('demo'), process.env.E2E_DATA_DIR!, { recursive: true });
  const main = await launchServer({
    env: {},
    port: Number(process.env.E2E_PORT),
    dataDir: process.env.E2E_DATA_DIR!,
    startTimeoutMs: 120_000,
  });
  return async () => {
    await main.stop();
    rmSync(process.env.E2E_DATA_DIR!, { recursive: true, force: true });
    if (process.env.E2E_IMAGE_TEMPORARY === 'true') rmSync(root, { recursive: true, force: true });
  };
}
