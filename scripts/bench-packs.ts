/**
 * Pack-purchase benchmark on PostgreSQL (issue 6):
 *   npm run bench:packs                        uses BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres
 *   npm run bench:packs -- --buyers 200 --cards 4000 --warm-up-cards 2000   (0: no warm-up)
 *   npm run bench:packs -- --api apps/api/dist/main.js    runs that bundle instead of building one
 *   npm run bench:packs -- --sources                      runs the API's sources through tsx
 *   npm run bench:packs -- --cpu-prof /tmp/prof           writes the API process's CPU profile there
 *   npm run bench:packs -- --five-pack-cards 2000         the 5-pack run's case (0: no 5-pack run)
 *
 * Builds the API into apps/api/.e2e-builds/packs (the shared dist is left alone), creates a
 * scratch database, starts the built API on it as production runs it, and lets 200 concurrent buyers
 * (each its own signed-in collector on its own connection) buy packs over HTTP until a first case
 * sells out (the warm-up), then until the measured case is sold out. It reports
 * successful purchases per second and p50/p99 latency, then the floor of the same database: the
 * same number of callers over a pool of the API's size, each running a transaction that UPDATEs
 * one hot row (every purchase must serialise on its case row, so this is the cost a purchase
 * cannot go below). The ratio purchases/s ÷ floor/s is printed last. Then the same buyers buy 5 packs
 * per purchase (`…/pack-purchases`) of a case of their own until fewer than 5 cards are left, and
 * the 5-pack p50 is compared with the single pack's (issue 36: at most twice). The scratch
 * database is dropped.
 */
import { existsSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import pg from 'pg';
import { option } from './bench-options.js';
import { percentile, purchaseBench, RawClient, rateLine } from './bench-http.js';
import { createLiveCase } from '../apps/api/test/fixtures/grail.js';
import { fundedBuyer } from './bench-buyers.js';

const BUYERS = option('--buyers', 200);
const CARDS = option('--cards', 4000);
const WARM_UP_CARDS = option('--warm-up-cards', 2000);
const FIVE_PACK_CARDS = option('--five-pack-cards', 2000);

purchaseBench('packs', async ({ databaseUrl, database, services, buyers, pool, ...bench }) => {
  process.stdout.write(
    `setting up ${CARDS} cards, ${WARM_UP_CARDS} more to warm up on and ${BUYERS} funded buyers…\n`,
  );
  const warmUpCase =
    WARM_UP_CARDS > 0
      ? await createLiveCase(database, services.grailAdmin, { size: WARM_UP_CARDS, packPrice: 1 })
      : undefined;
  const perBuyer = Math.ceil((CARDS + WARM_UP_CARDS + FIVE_PACK_CARDS) / BUYERS) * 4;
  for (let i = 0; i < BUYERS; i++) {
    const s = await fundedBuyer(database, services, {
      label: `bench_${i}`,
      cents: perBuyer * 100,
    });
    buyers.push(RawClient.signedIn(s.token, s.csrfToken));
  }

  const api = await bench.startApi();
  const { base } = api;

  // Warm-up: the same load on a case of its own until it sells out, so that every pooled
  // connection has prepared and planned its statements and the JIT has compiled the hot path
  // before the measured case opens (a cold instance's first seconds run at about two thirds).
  if (warmUpCase) {
    process.stdout.write(
      `warming up: ${BUYERS} concurrent buyers until the first case sells out…\n`,
    );
  }
  const warmUp = warmUpCase ? await buyUntilSoldOut(base, warmUpCase.caseId, buyers) : { other: 0 };
  // One case is live at a time: the measured one goes live once the warm-up case sold out.
  const { caseId } = await createLiveCase(database, services.grailAdmin, {
    size: CARDS,
    packPrice: 1,
  });

  process.stdout.write(`buying with ${BUYERS} concurrent buyers until sold out…\n`);
  const cpu = await cpuMeter(databaseUrl, api.child.pid!);
  const started = performance.now();
  const { latencies, soldOut, other } = await buyUntilSoldOut(base, caseId, buyers);
  const seconds = (performance.now() - started) / 1000;
  const used = await cpu.read();
  const rate = latencies.length / seconds;

  // The 5-pack lines come after the floor, which is measured once the API has stopped.
  const fiveLines: string[] = [];
  let fiveOther = 0;
  if (FIVE_PACK_CARDS >= 5) {
    // The single-pack case sold out, so the 5-pack case is the only live one, as in a drop.
    const five = await createLiveCase(database, services.grailAdmin, {
      size: FIVE_PACK_CARDS,
      packPrice: 1,
    });
    process.stdout.write(`\nbuying 5 packs per purchase with ${BUYERS} concurrent buyers…\n`);
    const fiveCpu = await cpuMeter(databaseUrl, api.child.pid!);
    const fiveStarted = performance.now();
    const run = await buyUntilSoldOut(base, five.caseId, buyers, 5);
    const fiveRate = run.latencies.length / ((performance.now() - fiveStarted) / 1000);
    const fiveUsed = await fiveCpu.read();
    fiveOther = run.other;
    fiveLines.push(
      `${rateLine(`5-pack purchases (${run.latencies.length} ok)`, fiveRate, run.latencies)}\n`,
      cpuLine('CPU per 5-pack purchase', fiveUsed, run.latencies.length),
      `5-pack p50 ÷ single-pack p50: ${(percentile(run.latencies, 50) / percentile(latencies, 50)).toFixed(2)} (issue 36: at most 2)\n`,
    );
  }
  await bench.printAgainstFloor(
    { label: `pack purchases (${latencies.length} ok)`, rate, latencies },
    BUYERS,
  );
  process.stdout.write(
    `(${BUYERS} concurrent callers, pool ${pool}; ${soldOut} sold-out answers, ${other} other)\n`,
  );
  process.stdout.write(cpuLine('CPU per purchase', used, latencies.length));
  process.stdout.write(fiveLines.join(''));
  await database.close();
  if (other + warmUp.other + fiveOther > 0) process.exitCode = 1;
});

/** The CPU a run's purchases cost, each, and how busy the machine was (nothing without /proc). */
function cpuLine(label: string, used: Awaited<ReturnType<CpuMeter['read']>>, purchases: number) {
  if (!used) return '';
  const per = (ms: number) => `${(ms / purchases).toFixed(2)} ms`;
  return (
    `${label}: API ${per(used.api)}, PostgreSQL ${per(used.postgres)}, this client ${per(used.client)}; ` +
    `whole machine busy ${(used.machineBusy * 100).toFixed(0)}% of ${used.cores} cores\n`
  );
}

type CpuMeter = Awaited<ReturnType<typeof cpuMeter>>;

/**
 * CPU time used while purchases run, on Linux (/proc): the API process, the PostgreSQL backends
 * serving the scratch database, this process (the buyers' HTTP client), and how busy the whole
 * machine was, since other work on it competes for the same cores.
 */
async function cpuMeter(databaseUrl: string, apiPid: number) {
  const ticks = 100; // USER_HZ
  const procCpu = (pid: number) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return ((Number(fields[11]) + Number(fields[12])) / ticks) * 1000;
    } catch {
      return 0;
    }
  };
  const machine = () => {
    const line = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const idle = line[3]! + line[4]!;
    return { busy: line.reduce((a, b) => a + b, 0) - idle, all: line.reduce((a, b) => a + b, 0) };
  };
  if (!existsSync('/proc/stat')) return { read: async () => undefined };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const backends = async () =>
    (
      await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      )
    ).rows.map((r) => r.pid);
  // Backends last until the API's pool closes them, so the ones seen at the end are the ones that ran.
  const startBackends = new Map((await backends()).map((pid) => [pid, procCpu(pid)]));
  const api0 = procCpu(apiPid);
  const client0 = process.cpuUsage();
  const machine0 = machine();
  return {
    async read() {
      const pids = await backends();
      const postgres = pids.reduce(
        (sum, pid) => sum + procCpu(pid) - (startBackends.get(pid) ?? 0),
        0,
      );
      const mine = process.cpuUsage(client0);
      const m = machine();
      await client.end();
      return {
        api: procCpu(apiPid) - api0,
        postgres,
        client: (mine.user + mine.system) / 1000,
        machineBusy: (m.busy - machine0.busy) / (m.all - machine0.all),
        cores: cpus().length,
      };
    },
  };
}

/**
 * Every buyer buys packs of the case (`packs` per purchase), one after another on its own
 * kept-alive connection, until it answers sold out (or, for several, too few left).
 */
async function buyUntilSoldOut(base: string, caseId: string, buyers: RawClient[], packs = 1) {
  const latencies: number[] = [];
  let soldOut = 0;
  let other = 0;
  const [path, body] =
    packs === 1
      ? [`/api/grail-cases/${caseId}/packs`, '{}']
      : [`/api/grail-cases/${caseId}/pack-purchases`, JSON.stringify({ packs })];
  await Promise.all(
    buyers.map(async (b) => {
      for (;;) {
        const t0 = performance.now();
        const status = await b.post(base, path, body);
        if (status === 201) latencies.push(performance.now() - t0);
        else if (status === 409) {
          soldOut++;
          return;
        } else other++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { latencies, soldOut, other };
}
