import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { buildApp } from './app.js';
import { drainAndClose } from './http/lifecycle.js';
import { serveMetrics, type MetricsServer } from './http/metrics.js';
import { resolveAppSecret } from './secret.js';
import { startup } from './startup.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const dataDir = resolve(config.DATA_DIR);
  config = { ...config, APP_SECRET: resolveAppSecret(config.APP_SECRET, dataDir) };

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  await migrateDatabase(database);
  // Listening before the start-up work (the demo catalogue can take a while): the readiness
  // check says 503 until it is done, and API requests wait for it.
  const app = await buildApp({ config, database, starting: true });
  const drainMs = config.DRAIN_SECONDS * 1000;

  let metricsServer: MetricsServer | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, drainSeconds: config.DRAIN_SECONDS }, 'draining');
    // A close that still hangs after the drain (a worker that never returns) must not keep a
    // deploy waiting: the instance leaves anyway.
    setTimeout(() => process.exit(0), drainMs + 5_000).unref();
    // Not ready at once, requests in flight finish, then the server closes and the database.
    await drainAndClose(app, { withinMs: drainMs, acceptMs: config.DRAIN_ACCEPT_SECONDS * 1000 });
    await metricsServer?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.METRICS_PORT) {
    metricsServer = await serveMetrics(app.metrics, {
      port: config.METRICS_PORT,
      host: config.METRICS_HOST,
    });
    app.log.info({ port: metricsServer.port, host: config.METRICS_HOST }, 'metrics served');
  }
  await startup(app, config, database);
  app.lifecycle.ready();
}

main().catch((err) => {
  process.stderr.write(`Start-up failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
