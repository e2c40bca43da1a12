/**
 * When the signed-in pages (a collector's dashboard tabs, the staff console's sections) have drawn
 * their content, on a phone-class CPU (4x throttled), for one build or two side by side. "Drawn"
 * is the first frame in which the page's main region has a heading and no loading indicator (a
 * spinner, a progress bar, a busy region), which is the same element on every load, unlike the
 * largest contentful paint, whose element changes with the data and the timing.
 *
 *   npm run bench:paint                          this checkout's build (npm run build first)
 *   npm run bench:paint -- --before DIR          also DIR's build (another checkout of the repo,
 *                                                built), measured in turns with this one
 *   npm run bench:paint -- --runs 5              loads per page and build (default 7; medians)
 *
 * Each build runs on a fresh data directory with the demo data, a collector who signed up
 * through the API and a staff member with two-factor on. Prints the median per page and build,
 * and with --before the ratio after/before. Never downloads a browser: CHROME_PATH, else
 * /usr/bin/chromium.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { chromium, request, type APIRequestContext, type Browser } from 'playwright-core';
import { freePort, textOption } from './bench-options.js';

const runs = Number(textOption('--runs') ?? 7);
const before = textOption('--before');
const STAFF = { email: 'paint-staff@example.com', password: 'Paint-staff-bench-2026!' };
const PASSWORD = 'Paint-collector-bench-2026!';

const COLLECTOR_PAGES = [
  '/dashboard',
  '/dashboard?tab=orders',
  '/dashboard?tab=pulls',
  '/dashboard?tab=wallet',
  '/dashboard?tab=submissions',
];
const STAFF_PAGES = ['/admin', '/admin/inventory', '/admin/submissions', '/admin/users'];

interface Running {
  name: string;
  baseURL: string;
  child: ChildProcess;
  dataDir: string;
}

async function start(name: string, root: string): Promise<Running> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'grail-paint-'));
  const child = spawn(process.execPath, [join(root, 'apps/api/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      APP_ENV: 'test',
      DEMO_DATA: 'true',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '100',
      ADMIN_EMAIL: STAFF.email,
      ADMIN_PASSWORD: STAFF.password,
    },
    stdio: 'ignore',
  });
  const baseURL = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 500) {
    if (waited > 240_000) {
      child.kill();
      throw new Error(`${name}: the server did not answer in 240 s`);
    }
    // Ready when it says so; a build from before the readiness check has only its health check.
    const ready = await fetch(`${baseURL}/api/ready`).then(
      async (r) => r.ok || (r.status === 404 && (await fetch(`${baseURL}/api/health`)).ok),
      () => false,
    );
    if (ready) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return { name, baseURL, child, dataDir };
}

async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>, what: string) {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** A collector through the real endpoints: sign-up, the e-mailed link, the 18+ profile. */
async function signUpCollector(api: APIRequestContext) {
  const tag = Math.random().toString(16).slice(2, 10);
  const email = `paint-${tag}@example.com`;
  let { csrfToken } = await ok(
    await api.post('/api/auth/register', {
      data: { email, username: `paint_${tag}`, password: PASSWORD, acceptTerms: true },
    }),
    'register',
  );
  const { mail } = await (await api.get('/api/dev/mail')).json();
  const link = (mail as { to: string; links: string[] }[])
    .find((m) => m.to === email)!
    .links.find((l) => l.includes('token='))!;
  const verified = await ok(
    await api.post('/api/auth/verify-email', {
      data: { token: new URL(link).searchParams.get('token') },
      headers: { 'x-csrf-token': csrfToken },
    }),
    'verify',
  );
  csrfToken = verified.csrfToken ?? csrfToken;
  await ok(
    await api.put('/api/users/me/profile', {
      data: {
        displayName: 'Paige Paint',
        dateOfBirth: '1990-04-12',
        shippingAddress: {
          name: 'Paige Paint',
          line1: '1 Card Street',
          city: 'Portland',
          state: 'OR',
          postalCode: '97201',
          country: 'US',
        },
        acceptTerms: true,
      },
      headers: { 'x-csrf-token': csrfToken },
    }),
    'profile',
  );
}

/** The staff member signs in and turns two-factor on, which the console requires. */
async function signInStaff(api: APIRequestContext) {
  const login = await ok(await api.post('/api/auth/login', { data: STAFF }), 'staff login');
  const headers = { 'x-csrf-token': login.csrfToken };
  const { secret } = await ok(await api.post('/api/auth/totp/setup', { headers }), 'totp setup');
  await ok(
    await api.post('/api/auth/totp/enable', {
      headers,
      data: { code: new TOTP({ secret: Secret.fromBase32(secret) }).generate() },
    }),
    'totp enable',
  );
}

/**
 * Runs in the page before its own scripts: records the time of the first frame in which `main`
 * has a heading and nothing in it says it is still loading (spinners and skeletons of both the CSS
 * Modules parts and MUI's, for a build from before). A string, because tsx's helpers (`__name`)
 * do not exist in the page.
 */
const WATCH_CONTENT = `(() => {
  const loading =
    '[role="progressbar"], [aria-busy="true"], [class*="skeleton" i], [class*="spinner" i]';
  const frame = () => {
    const main = document.querySelector('main');
    if (main && main.querySelector('h1, h2') && !main.querySelector(loading))
      window.contentDrawnAt = performance.now();
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

/** When one load drew its content, in ms from navigation, with the CPU 4x slower. */
async function contentDrawn(browser: Browser, storage: string, url: string): Promise<number> {
  const context = await browser.newContext({
    storageState: JSON.parse(storage),
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(WATCH_CONTENT);
  await page.goto(url, { waitUntil: 'networkidle' });
  const drawnAt = await page
    .waitForFunction(
      () => (window as unknown as { contentDrawnAt?: number }).contentDrawnAt,
      null,
      {
        timeout: 30_000,
      },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);
  await context.close();
  return drawnAt;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function main() {
  const builds = [{ name: 'this build', root: resolve('.') }];
  if (before) builds.unshift({ name: 'before', root: resolve(before) });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const servers: (Running & { collector: string; staff: string })[] = [];
  try {
    for (const build of builds) {
      const server = await start(build.name, build.root);
      const collector = await request.newContext({ baseURL: server.baseURL });
      await signUpCollector(collector);
      const staff = await request.newContext({ baseURL: server.baseURL });
      await signInStaff(staff);
      servers.push({
        ...server,
        collector: JSON.stringify(await collector.storageState()),
        staff: JSON.stringify(await staff.storageState()),
      });
    }
    const results = new Map<string, Map<string, number[]>>();
    const pages = [
      ...COLLECTOR_PAGES.map((path) => ({ path, as: 'collector' as const })),
      ...STAFF_PAGES.map((path) => ({ path, as: 'staff' as const })),
    ];
    // In turns (one load per build, then the next round), so a busy moment hits both alike;
    // round 0 warms the server's caches and is not counted.
    for (let round = 0; round <= runs; round++) {
      for (const { path, as } of pages) {
        for (const server of servers) {
          const ms = await contentDrawn(browser, server[as], `${server.baseURL}${path}`);
          if (round === 0) continue;
          const byPage = results.get(server.name) ?? new Map<string, number[]>();
          byPage.set(path, [...(byPage.get(path) ?? []), ms]);
          results.set(server.name, byPage);
        }
      }
    }
    const header = ['page', ...servers.map((s) => `${s.name} (ms)`)];
    if (before) header.push('after / before');
    console.log(`| ${header.join(' | ')} |`);
    console.log(`| ${header.map(() => '---').join(' | ')} |`);
    for (const { path } of pages) {
      const medians = servers.map((s) => median(results.get(s.name)!.get(path)!));
      const cells = medians.map((m) => Math.round(m).toLocaleString('en-US'));
      if (before) cells.push((medians[1]! / medians[0]!).toFixed(2));
      console.log(`| \`${path}\` | ${cells.join(' | ')} |`);
    }
  } finally {
    await browser.close();
    for (const server of servers) {
      server.child.kill();
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  }
}

await main();
