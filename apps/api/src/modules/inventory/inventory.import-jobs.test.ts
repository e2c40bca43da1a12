import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  INVENTORY_CSV_COLUMNS,
  type InventoryImportJob,
  type InventoryImportResponse,
} from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import {
  startFakeImageServer,
  type FakeImageServer,
} from '../../../test/fakes/fake-image-server.js';
import { auditLog, cards, imageVariants, inventoryImports } from '../../db/schema/index.js';
import { IMAGE_FETCH_DEFAULTS } from '../../lib/image-fetch.js';
import { AuditService } from '../audit/audit.service.js';
import { ImagesService } from '../images/images.service.js';
import { InventoryImports } from './imports.js';

const HEADER = INVENTORY_CSV_COLUMNS.join(',');
const row = (cert: string, image: string) =>
  `Card ${cert},Player,2020,Set,1,Baseball,,PSA,10,${cert},12.50,,${image}`;

describe(`inventory imports with image URLs run as jobs (${testEngine})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let fake: FakeImageServer;
  let png: Buffer;

  const importCsv = async (csv: string, dryRun: boolean) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/inventory/import',
      headers: admin.headers,
      payload: { csv, dryRun },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as InventoryImportResponse;
  };
  const jobOf = async (id: string) => {
    const res = await t.app.inject({
      url: `/api/admin/inventory/imports/${id}`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { job: InventoryImportJob }).job;
  };
  /** Polls the job as the console does until it is done. */
  const finished = async (id: string) => {
    const seen: InventoryImportJob[] = [];
    for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
      const job = await jobOf(id);
      seen.push(job);
      if (job.status === 'done') return { job, seen };
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`import ${id} did not finish: ${JSON.stringify(seen.at(-1))}`);
  };
  const certsIn = async (certs: string[]) =>
    t.database.db.select().from(cards).where(inArray(cards.certNumber, certs));

  beforeAll(async () => {
    // The app's worker may reach the fake server on loopback over http (never in production).
    process.env.IMAGE_FETCH_ALLOW_PRIVATE = 'true';
    try {
      t = await createTestApp();
    } finally {
      delete process.env.IMAGE_FETCH_ALLOW_PRIVATE;
    }
    admin = await createUser(t, { role: 'admin' });
    fake = await startFakeImageServer();
    png = await sharp({ create: { width: 50, height: 70, channels: 3, background: '#c03' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await fake?.close();
    await t?.close();
  });

  it('fetches three at a time in the background, writes each row once its images are stored, and lists each failure by line', async () => {
    for (let i = 1; i <= 8; i++) fake.routes.set(`/slow-${i}.png`, { body: png, delayMs: 150 });
    fake.routes.set('/big.png', { body: Buffer.alloc(IMAGE_FETCH_DEFAULTS.maxBytes + 1) });
    fake.routes.set('/page.png', { body: Buffer.from('<html>not an image</html>') });
    fake.routes.set('/moved.png', { location: 'http://169.254.169.254/latest/meta-data' });
    const lines = [
      HEADER,
      row('JOB-1', `${fake.url}/slow-1.png|${fake.url}/slow-2.png`),
      row('JOB-2', `${fake.url}/slow-3.png`),
      row('JOB-3', `${fake.url}/missing.png`),
      row('JOB-4', `${fake.url}/slow-4.png`),
      row('JOB-5', `${fake.url}/big.png`),
      row('JOB-6', `${fake.url}/slow-5.png`),
      row('JOB-7', `${fake.url}/page.png`),
      row('JOB-8', `${fake.url}/slow-6.png|${fake.url}/slow-1.png`),
      row('JOB-9', `${fake.url}/moved.png`),
      row('JOB-10', `${fake.url}/slow-7.png`),
      row('JOB-11', `${fake.url}/slow-8.png`),
    ];
    const csv = lines.join('\n');
    fake.requested.length = 0;
    fake.maxInFlight = 0;

    // The dry run stays synchronous and fetches nothing.
    expect(await importCsv(csv, true)).toEqual({ dryRun: true, rows: 11, errors: [], imported: 0 });
    expect(fake.requested).toEqual([]);

    const started = await importCsv(csv, false);
    expect(started).toMatchObject({ dryRun: false, rows: 11, errors: [], imported: 0 });
    expect(started.job).toMatchObject({ status: 'running', total: 11, finishedAt: null });

    const { job, seen } = await finished(started.job!._id);
    expect(job).toMatchObject({ status: 'done', total: 11, imported: 7, failed: 4 });
    expect(job.failures).toEqual([
      {
        line: 4,
        column: 'image URLs',
        message: `${fake.url}/missing.png the server answered 404`,
      },
      { line: 6, column: 'image URLs', message: `${fake.url}/big.png is larger than 10 MB` },
      {
        line: 8,
        column: 'image URLs',
        message: `${fake.url}/page.png is not a JPEG, PNG or WebP image`,
      },
      {
        line: 10,
        column: 'image URLs',
        message: `${fake.url}/moved.png redirects (302) are not followed`,
      },
    ]);
    // Progress was visible on the way: some rows done before all were.
    expect(seen.some((s) => s.status === 'running' && s.imported > 0)).toBe(true);
    expect(fake.maxInFlight).toBeGreaterThanOrEqual(2);
    expect(fake.maxInFlight).toBeLessThanOrEqual(3);
    // An image named twice is fetched once.
    expect(fake.requested.filter((p) => p === '/slow-1.png')).toHaveLength(1);

    const written = await certsIn(lines.slice(1).map((_, i) => `JOB-${i + 1}`));
    expect(written.map((c) => c.certNumber).sort()).toEqual(
      ['JOB-1', 'JOB-10', 'JOB-11', 'JOB-2', 'JOB-4', 'JOB-6', 'JOB-8'].sort(),
    );
    const one = written.find((c) => c.certNumber === 'JOB-1')!;
    const eight = written.find((c) => c.certNumber === 'JOB-8')!;
    expect(one.imageIds).toHaveLength(2);
    expect(eight.imageIds[1]).toBe(one.imageIds[0]);
    const variants = await t.database.db
      .select()
      .from(imageVariants)
      .where(eq(imageVariants.imageId, one.imageIds[0]!));
    expect(variants.map((v) => v.contentType)).toEqual(['image/webp', 'image/webp', 'image/webp']);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'inventory.import'), eq(auditLog.actorId, admin.id)));
    expect(audit?.after).toEqual({ importId: job._id, imported: 7, failed: 4 });
  });

  it('loses nothing when the instance working a job dies: its lease runs out and another finishes it once', async () => {
    // This test plays the instances itself.
    await t.app.services.inventoryImportWorker.stop();
    fake.routes.set('/lease-1.png', { body: png });
    fake.routes.set('/lease-2.png', { body: png });
    const csv = [
      HEADER,
      row('LEASE-1', `${fake.url}/lease-1.png`),
      row('LEASE-2', `${fake.url}/lease-2.png`),
      row('LEASE-3', `${fake.url}/lease-1.png`),
    ].join('\n');
    const started = await importCsv(csv, false);
    const instance = () =>
      new InventoryImports(
        t.database.db,
        new AuditService(t.database.db),
        new ImagesService(t.database.db),
        { ...IMAGE_FETCH_DEFAULTS, allowPrivate: true },
      );
    const dying = instance();
    const other = instance();
    const claim = await dying.claim();
    expect(claim?.id).toBe(started.job!._id);
    // The dead instance's lease still holds: nobody else takes the job.
    expect(await other.workDue()).toBe(false);
    expect((await jobOf(claim!.id)).status).toBe('running');
    // Its lease runs out; the next instance carries on and finishes.
    await t.database.db
      .update(inventoryImports)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(inventoryImports.id, claim!.id));
    expect(await other.workDue()).toBe(true);
    expect(await jobOf(claim!.id)).toMatchObject({ status: 'done', imported: 3, failed: 0 });
    // Had the first instance come back, its stale claim writes nothing.
    await dying.work(claim!);
    expect(await certsIn(['LEASE-1', 'LEASE-2', 'LEASE-3'])).toHaveLength(3);
    t.app.services.inventoryImportWorker.start();
  });

  it('takes uploaded files into the job: stored at once, written with their rows', async () => {
    fake.routes.set('/with-file.png', { body: png });
    const form = new FormData();
    form.append('dryRun', 'false');
    const csv = [
      HEADER,
      row('FILE-1', 'front.png'),
      row('FILE-2', `${fake.url}/with-file.png|front.png`),
    ].join('\n');
    form.append('csv', new Blob([csv], { type: 'text/csv' }), 'cards.csv');
    form.append('images', new Blob([png], { type: 'image/png' }), 'front.png');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/inventory/import-files',
      headers: { ...admin.headers, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { job } = await finished((res.json() as InventoryImportResponse).job!._id);
    expect(job).toMatchObject({ imported: 2, failed: 0 });
    const [one, two] = (await certsIn(['FILE-1', 'FILE-2'])).sort((a, b) =>
      a.certNumber!.localeCompare(b.certNumber!),
    );
    expect(one!.imageIds).toHaveLength(1);
    expect(two!.imageIds).toEqual([expect.any(String), one!.imageIds[0]]);
  });

  it('answers 404 for an unknown import, and only to staff', async () => {
    const collector = await createUser(t);
    const id = '00000000-0000-4000-8000-000000000000';
    const missing = await t.app.inject({
      url: `/api/admin/inventory/imports/${id}`,
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
    const refused = await t.app.inject({
      url: `/api/admin/inventory/imports/${id}`,
      headers: collector.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});
