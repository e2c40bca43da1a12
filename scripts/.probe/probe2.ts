import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { loadConfig } from '/work/main/apps/api/src/config.js';
import { openDatabase } from '/work/main/apps/api/src/db/client.js';
import { migrateDatabase } from '/work/main/apps/api/src/db/migrate.js';
import { createServices } from '/work/main/apps/api/src/services.js';
import { users } from '/work/main/apps/api/src/db/schema/index.js';
import { createLiveCase, fund } from '/work/main/apps/api/src/modules/grail/grail.test-support.js';

const CARDS = Number(process.argv[2] ?? 4000);
const N = Number(process.argv[3] ?? 1000);
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
const procCpu = (pid: number) => { try { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) * 10; } catch { return 0; } };
const mon = new pg.Client({ connectionString: url.toString() }); await mon.connect();
const pidsNow = async () => (await mon.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows.map((r: any) => r.pid);
let lastB = '';
const orig = pg.Client.prototype.query;
(pg.Client.prototype as any).query = function (this: any, ...a: any[]) { const text = typeof a[0] === 'string' ? a[0] : a[0]?.text; if (typeof text === 'string' && text.includes('execute grail_draw_pull')) lastB = text; return orig.apply(this, a as any); };
for (let i = 0; i < 50; i++) await services.grail.buyPack(u as any, caseId, {}, `warm-${i}-key`);
const pids = await pidsNow(); const cpuAll = () => pids.reduce((a: number, p: number) => a + procCpu(p), 0);
let c0 = cpuAll(); const me0 = process.cpuUsage(); let t0 = performance.now();
for (let i = 0; i < N; i++) await services.grail.buyPack(u as any, caseId, {}, `probe-${i}-key`);
const wall = performance.now() - t0; const me = process.cpuUsage(me0);
console.log(`purchase: backend cpu ${((cpuAll() - c0) / N).toFixed(3)} ms, node cpu ${((me.user + me.system) / 1000 / N).toFixed(3)} ms, wall ${(wall / N).toFixed(2)} ms`);
{
const [poor] = await database.db.insert(users).values({ email: `q-${randomUUID()}@example.com`, username: `q_${randomBytes(3).toString('hex')}`, passwordHash: 'x', emailVerifiedAt: new Date(), displayName: 'P', dateOfBirth: '1990-01-01', termsAcceptedAt: new Date(), termsVersion: 'x' }).returning();
const pids2 = await pidsNow(); const cpu2 = () => pids2.reduce((a: number, p: number) => a + procCpu(p), 0);
const c1 = cpu2(); const m1 = process.cpuUsage();
for (let i = 0; i < N; i++) await services.grail.buyPack(poor as any, caseId, {}, `poor-${i}-key`).catch(() => 0);
const m2 = process.cpuUsage(m1);
console.log(`402 path: backend cpu ${((cpu2() - c1) / N).toFixed(3)} ms node ${((m2.user + m2.system) / 1000 / N).toFixed(3)} ms`);
}
{
const r: any = await database.db.execute('select name, statement from pg_prepared_statements' as any);
const c = new pg.Client({ connectionString: url.toString() }); await c.connect();
for (const row of r.rows) await c.query(row.statement);
const parts = lastB.split(';\n');
const exec = parts.find((x) => x.startsWith('execute grail_draw_pull'))!;
const ids = exec.match(/'[0-9a-f]{8}-[0-9a-f-]{27}'/g)!; const pullLit = ids[1]!;
const freshen = (i: number) => exec.split(pullLit).join(`'${randomUUID()}'`).replace(/'probe-\d+-key'/, `'pz-${i}-key'`);
const fresh = freshen(99);
await c.query('begin');
await c.query(parts.find((x) => x.startsWith('execute wallet_debit'))!.split(pullLit).join(`'${randomUUID()}'`));
await c.query(parts.find((x) => x.startsWith('execute grail_lock_case'))!);
for (let i = 0; i < 6; i++) { await c.query('savepoint s'); await c.query('explain analyze ' + freshen(i)); await c.query('rollback to savepoint s'); }
const ex = await c.query('explain (analyze, buffers) ' + fresh);
console.log(ex.rows.map((x: any) => x['QUERY PLAN']).filter((l: string) => /Trigger|Execution|Planning|actual time=[0-9.]+\.\.[0-9.]+ rows=\d+ loops=1\)$/.test(l) && !/CTE Scan/.test(l)).join('\n'));
await c.query('rollback'); await c.end();
}
for (let i = 0; i < 1; i++) { const r: any = await database.db.execute('select name, generic_plans, custom_plans from pg_prepared_statements' as any); console.log(JSON.stringify(r.rows)); }
process.exit(0);
// draw statement planning
const c = new pg.Client({ connectionString: url.toString() }); await c.connect();
const cpid = (await c.query('select pg_backend_pid() pid')).rows[0].pid;
const draw = lastB.split(';\n').find((s) => s.trim().startsWith('with taken'))!;
await c.query('begin');
const plan = await c.query('explain (summary) ' + draw);
console.log(plan.rows.slice(-1)[0]['QUERY PLAN']);
c0 = procCpu(cpid);
for (let i = 0; i < 300; i++) await c.query('explain ' + draw);
console.log('plan-only cpu per D', ((procCpu(cpid) - c0) / 300).toFixed(3), 'ms');
await c.query('rollback');
// floor
await c.query('create table f (id int primary key, n int)'); await c.query('insert into f values (1,0)');
c0 = procCpu(cpid); t0 = performance.now();
for (let i = 0; i < 2000; i++) { await c.query('begin'); await c.query('update f set n = n + 1 where id = 1'); await c.query('commit'); }
console.log('floor tx: backend cpu', ((procCpu(cpid) - c0) / 2000).toFixed(3), 'ms wall', ((performance.now() - t0) / 2000).toFixed(2));
await c.end(); await mon.end();
await database.close();
await admin.query(`drop database "${name}" with (force)`); await admin.end();
