import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { INVENTORY_CSV_COLUMNS } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import {
  startFakeImageServer,
  type FakeImageServer,
} from '../../../test/fakes/fake-image-server.js';
import { cards, images } from '../../db/schema/index.js';
import {
  IMAGE_FETCH_DEFAULTS,
  checkImageUrl,
  fetchImage,
  imageFetchOptionsFromEnv,
  isPublicAddress,
} from '../../lib/image-fetch.js';

const HEADER = INVENTORY_CSV_COLUMNS.join(',');
const row = (cert: string, image: string) =>
  `Card ${cert},Player,2020,Set,1,Baseball,,PSA,10,${cert},12.50,,${image}`;

describe(`inventory import with image URLs and files (${testEngine})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let fake: FakeImageServer;
  let png: Buffer;
  const countCards = async () => (await t.database.db.select().from(cards)).length;

  beforeAll(async () => {
    t = await createTestApp();
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

  it('refuses private and loopback addresses by default, by line and column', async () => {
    expect(
      imageFetchOptionsFromEnv({ IMAGE_FETCH_ALLOW_PRIVATE: 'true', NODE_ENV: 'production' }),
    ).toMatchObject({ allowPrivate: false });
    const csv = [
      HEADER,
      row('LOOP-1', 'https://127.0.0.1/a.png'),
      row('LOOP-2', 'https://user:pw@images.example.com/a.png'),
      row('LOOP-3', 'https://localhost/a.png'),
      row('LOOP-4', 'https://[::1]/a.png'),
    ].join('\n');
    const before = await countCards();
    for (const dryRun of [true, false]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/inventory/import',
        headers: admin.headers,
        payload: { csv, dryRun },
      });
      expect(res.json().errors).toEqual([
        {
          line: 2,
          column: 'image URLs',
          message: 'https://127.0.0.1/a.png must name a public address',
        },
        {
          line: 3,
          column: 'image URLs',
          message:
            'https://user:pw@images.example.com/a.png must not contain a user name or password',
        },
        {
          line: 4,
          column: 'image URLs',
          message: 'https://localhost/a.png must name a public host',
        },
        {
          line: 5,
          column: 'image URLs',
          message: 'https://[::1]/a.png must name a public address',
        },
      ]);
    }
    expect(await countCards()).toBe(before);
    // The client itself refuses the fake server's loopback address unless told otherwise.
    await expect(fetchImage(`${fake.url}/front.png`)).rejects.toThrow('must start with https://');
    await expect(fetchImage(`${fake.url.replace('http:', 'https:')}/front.png`)).rejects.toThrow(
      'must name a public address',
    );
    expect(checkImageUrl('https://images.example.com/a.png', IMAGE_FETCH_DEFAULTS)).toBeInstanceOf(
      URL,
    );
    for (const address of [
      '10.1.2.3',
      '169.254.169.254',
      '192.168.0.1',
      '224.0.0.1',
      '::ffff:127.0.0.1',
      'fe80::1',
      'fd00::1',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2606:4700::1111')).toBe(true);
  });

  describe('image files uploaded with the CSV', () => {
    const upload = async (csv: string, dryRun: boolean, files: Record<string, Buffer>) => {
      const form = new FormData();
      form.append('dryRun', String(dryRun));
      form.append('csv', new Blob([csv], { type: 'text/csv' }), 'cards.csv');
      for (const [name, bytes] of Object.entries(files))
        form.append('images', new Blob([bytes], { type: 'image/png' }), name);
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      return t.app.inject({
        method: 'POST',
        url: '/api/admin/inventory/import-files',
        headers: { ...admin.headers, 'content-type': request.headers.get('content-type')! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
    };

    it('imports cards whose image column names uploaded files', async () => {
      const csv = [HEADER, row('FILE-1', 'front.png|back.png'), row('FILE-2', 'front.png')].join(
        '\n',
      );
      const files = { 'front.png': png, 'back.png': png };
      const dry = await upload(csv, true, files);
      expect(dry.statusCode, dry.body).toBe(200);
      expect(dry.json()).toEqual({ dryRun: true, rows: 2, errors: [], imported: 0 });
      const res = await upload(csv, false, files);
      expect(res.json()).toEqual({ dryRun: false, rows: 2, errors: [], imported: 2 });
      const [one] = await t.database.db.select().from(cards).where(eq(cards.certNumber, 'FILE-1'));
      expect(one!.imageIds).toHaveLength(2);
      const [stored] = await t.database.db
        .select()
        .from(images)
        .where(eq(images.id, one!.imageIds[0]!));
      expect(stored!.originalName).toBe('front.png');
    });

    it('reports a missing or non-image file by line and column and writes nothing', async () => {
      const csv = [
        HEADER,
        row('FILE-3', 'front.png'),
        row('FILE-4', 'absent.png'),
        row('FILE-5', 'notes.png'),
      ].join('\n');
      const before = await countCards();
      for (const dryRun of [true, false]) {
        const res = await upload(csv, dryRun, {
          'front.png': png,
          'notes.png': Buffer.from('hello'),
        });
        expect(res.json().errors).toEqual([
          { line: 3, column: 'image URLs', message: 'absent.png is not among the uploaded files' },
          { line: 4, column: 'image URLs', message: 'notes.png is not a JPEG, PNG or WebP image' },
        ]);
      }
      expect(await countCards()).toBe(before);
    });

    it('answers 415 to a request that is not multipart and 400 without a CSV', async () => {
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/admin/inventory/import-files',
        headers: admin.headers,
        payload: { csv: HEADER, dryRun: true },
      });
      expect(json.statusCode).toBe(415);
      expect(json.json()).toMatchObject({ error: 'Unsupported Media Type' });
      const form = new FormData();
      form.append('dryRun', 'true');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      const none = await t.app.inject({
        method: 'POST',
        url: '/api/admin/inventory/import-files',
        headers: { ...admin.headers, 'content-type': request.headers.get('content-type')! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({ message: 'Attach the CSV in the field "csv".' });
    });
  });
});
