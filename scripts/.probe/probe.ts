import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '/work/main/apps/api/src/config.js';
import { openDatabase } from '/work/main/apps/api/src/db/client.js';
import { migrateDatabase } from '/work/main/apps/api/src/db/migrate.js';
import { createServices } from '/work/main/apps/api/src/services.js';
import { users } from '/work/main/apps/api/src/db/schema/index.js';
import { createLiveCase, fund } from '/work/main/apps/api/src/modules/grail/grail.test-support.js';

const CARDS = Number(process.argv[2] ?? 4000);
const N = Number(process.argv[3] ?? 2000);
const serverUrl = 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `grail_probe_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database "${name}"`);
const url = new URL(serverUrl); url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
await migrateDatabase(database);
const config = loadConfig({ APP_ENV: 'test', DATABASE_URL: url.toString(), APP_SECRET: randomBytes(32).toString('base64url'), LOG_LEVEL: 'silent' });
const services = createServices({ config, database });
const { caseId } = await createLiveCase(database, services.grailAdmin, { size: CARDS, packPrice: 1 });
const [u] = await database.db.insert(users).values({ email: `p-${randomUUID()}@example.com`, username: `p_${randomBytes(3).toString('hex')}`, passwordHash: 'x', emailVerifiedAt: new Date(), displayName: 'P', dateOfBirth: '1990-01-01', termsAcceptedAt: new Date(), termsVersion: 'x' }).returning();
await fund(database, services.wallet, u!.id, CARDS * 100);
const times: Record<string, number[]> = {};
let lastB = '';
const orig = pg.Client.prototype.query;
(pg.Client.prototype as any).query = function (this: any, ...a: any[]) {
  const text = typeof a[0] === 'string' ? a[0] : a[0]?.text;
  const kind = typeof text === 'string' && text.includes('for no key update') ? 'B' : typeof text === 'string' && text.startsWith('begin') ? 'A' : 'other';
  if (kind === 'B') lastB = text;
  const t0 = performance.now();
  const r = orig.apply(this, a as any);
  if (r && typeof r.then === 'function') r.then(() => (times[kind] ??= []).push(performance.now() - t0), () => {});
  return r;
};
const report = (label: string) => {
  for (const [k, v] of Object.entries(times)) { const s = [...v].sort((a, b) => a - b); console.log(label, k, 'n', s.length, 'p50', s[Math.floor(s.length / 2)]!.toFixed(2), 'mean', (s.reduce((a, b) => a + b, 0) / s.length).toFixed(2)); }
  for (const k of Object.keys(times)) times[k] = [];
};
for (let i = 0; i < N; i++) {
  await services.grail.buyPack(u as any, caseId, {}, `probe-${i}-key`);
  if (i === 99) report('first100');
}
report(`upto${N}`);
// explain the draw statement at this fill level
const c = new pg.Client({ connectionString: url.toString() }); await c.connect();
const body = lastB.split(';\n');
const draw = body.find((s) => s.trim().startsWith('with taken'))!;
await c.query('begin');
const oldId = /select '([0-9a-f-]{36})'::uuid/.exec(draw)![1]!;
const fresh = draw.replace(/probe-\d+-key/, 'probe-x-key').split(oldId).join(randomUUID());
let t0 = performance.now();
await c.query("select 1 from grail_cases where id = '" + caseId + "' for no key update");
const ex = await c.query('explain (analyze, buffers, timing) ' + fresh);
console.log('explain wall', (performance.now() - t0).toFixed(2));
t0 = performance.now(); await c.query('commit'); console.log('commit', (performance.now() - t0).toFixed(2));
await c.query('begin');
console.log(ex.rows.map((r: any) => r['QUERY PLAN']).join('\n'));
await c.query('rollback');
// floor comparison single connection
await c.query('create table f (id int primary key, n int)'); await c.query('insert into f values (1,0)');
const ft: number[] = [];
for (let i = 0; i < 500; i++) { const t0 = performance.now(); await c.query('begin'); await c.query('update f set n = n + 1 where id = 1'); await c.query('commit'); ft.push(performance.now() - t0); }
ft.sort((a, b) => a - b); console.log('floor tx p50', ft[250]!.toFixed(2));
await c.end();
await database.close();
await admin.query(`drop database "${name}" with (force)`); await admin.end();
