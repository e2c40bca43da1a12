/**
 * `npm run demo:cluster`: the deployment of docs/operations.md on this machine. Two built API
 * instances (:3101 and :3102, demo data, metrics on :9101 and :9102) on a scratch database of the local PostgreSQL
 * (DATABASE_URL names another server), behind nginx on :8080 running deploy/nginx.conf. Ctrl-C
 * stops everything and drops the database. Try a rolling restart by hand: `kill <pid>` one
 * instance, and the site keeps answering through the other.
 */
import { createScratchDatabase, missingPrerequisite, startCluster } from './cluster.mjs';

const missing = missingPrerequisite();
if (missing) {
  process.stderr.write(`${missing}\n`);
  process.exit(1);
}

const database = await createScratchDatabase('grail_demo');
let cluster;
try {
  cluster = await startCluster({
    databaseUrl: database.url,
    ports: [3101, 3102],
    listenPort: 8080,
    env: { DEMO_DATA: 'true' },
    metricsPorts: [9101, 9102],
  });
} catch (err) {
  await database.drop();
  throw err;
}

process.stdout.write(
  [
    `Grail Machine through nginx: ${cluster.url}`,
    ...cluster.instances.map(
      (i) =>
        `  instance :${i.port}, pid ${i.child.pid}, log ${i.logFile}, metrics http://127.0.0.1:${i.env.METRICS_PORT}/metrics`,
    ),
    `  nginx ${cluster.dir}/nginx.conf, access log ${cluster.dir}/access.log`,
    `  database ${database.url}`,
    'Ctrl-C stops it all and drops the database.',
    '',
  ].join('\n'),
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  process.stdout.write('\nstopping nginx and the instances (each drains first)…\n');
  await cluster.stop();
  await database.drop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
