import sharp from 'sharp';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVENTORY_CSV_COLUMNS } from '@grail/contract';
import { ALL_FLAGS_ON, createTestApp, testEngine, type TestApp } from '../../test/helpers.js';
import { createUser, type TestUser } from '../../test/users.js';
import { insertCard } from '../../test/fixtures/catalog.js';
import { createBreak } from '../../test/fixtures/breaks.js';
import { cards, images } from '../db/schema/index.js';

/** One part of a hand-written multipart body (so a NUL reaches the server byte for byte). */
type Part = { name: string; filename?: string; type?: string; value: Buffer | string };

const BOUNDARY = '----grail-multipart-nul-test';
function multipartBody(parts: Part[]) {
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"${
        p.filename === undefined ? '' : `; filename="${p.filename}"`
      }\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
    ),
    Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

const HEADER = INVENTORY_CSV_COLUMNS.join(',');
const csvRow = (name: string, cert: string) =>
  `${name},Player,2020,Set,1,Baseball,,PSA,10,${cert},12.50,,`;

/**
 * Every multipart text (a file's name, a field's value, a CSV cell) meets the rules JSON input
 * meets: a NUL is a 400 naming the field, or an import row error naming line and column, and
 * nothing is written. PostgreSQL text cannot hold a NUL: before, each of these answered 500.
 */
describe(`multipart parts with a NUL (${testEngine})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let collector: TestUser;
  let png: Buffer;
  const imageCount = async () => (await t.database.db.select({ n: count() }).from(images))[0]!.n;
  const cardCount = async () => (await t.database.db.select({ n: count() }).from(cards))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp({ env: { ...ALL_FLAGS_ON, RATE_LIMIT_SCALE: '100' } });
    admin = await createUser(t, { role: 'admin' });
    collector = await createUser(t);
    png = await sharp({ create: { width: 20, height: 28, channels: 3, background: '#246' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t?.close());

  async function send(url: string, user: TestUser, parts: Part[]) {
    const body = multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...user.headers, ...body.headers },
    });
  }

  async function expectRefused(
    res: Awaited<ReturnType<typeof send>>,
    field: string,
    message: string,
  ) {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad Request', field, message });
  }

  it('POST /api/submissions/photos with filename="a\\0b.png": 400 naming photo, nothing stored', async () => {
    const before = await imageCount();
    const res = await send('/api/submissions/photos', collector, [
      { name: 'photo', filename: 'a\u0000b.png', type: 'image/png', value: png },
    ]);
    await expectRefused(
      res,
      'photo',
      'Invalid photo: its file name must not contain NUL characters',
    );
    expect(await imageCount()).toBe(before);
    // The same photo under a plain name is taken.
    const ok = await send('/api/submissions/photos', collector, [
      { name: 'photo', filename: 'ab.png', type: 'image/png', value: png },
    ]);
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it("a card's and a break's image upload refuse such a file name the same way", async () => {
    const card = await insertCard(t.database.db, { imageIds: [] });
    const draft = await createBreak(t, admin, { spots: 2 });
    const before = await imageCount();
    for (const url of [
      `/api/admin/cards/${card.id}/images`,
      `/api/admin/breaks/${draft._id}/images`,
    ])
      await expectRefused(
        await send(url, admin, [
          { name: 'image', filename: 'front\u0000.png', type: 'image/png', value: png },
        ]),
        'image',
        'Invalid image: its file name must not contain NUL characters',
      );
    expect(await imageCount()).toBe(before);
  });

  describe('POST /api/admin/inventory/import-files', () => {
    const importFiles = (csv: string, dryRun: string, extra: Part[] = []) =>
      send('/api/admin/inventory/import-files', admin, [
        { name: 'dryRun', value: dryRun },
        { name: 'csv', filename: 'cards.csv', type: 'text/csv', value: csv },
        ...extra,
      ]);

    it('a CSV cell A\\0B is a row error naming its line and column, in the dry run and the import', async () => {
      const csv = [HEADER, csvRow('Fine card', 'NUL-1'), csvRow('A\u0000B', 'NUL-2')].join('\n');
      const before = await cardCount();
      for (const dryRun of [true, false]) {
        const res = await importFiles(csv, String(dryRun));
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({
          dryRun,
          rows: 2,
          imported: 0,
          errors: [{ line: 3, column: 'name', message: 'must not contain NUL characters' }],
        });
      }
      expect(await cardCount()).toBe(before);
    });

    it('a NUL in the header is an error of line 1', async () => {
      const res = await importFiles(
        [HEADER.replace('player', 'pla\u0000yer'), csvRow('Card', 'NUL-3')].join('\n'),
        'true',
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().errors).toEqual([
        {
          line: 1,
          column: null,
          message: 'column 2 of the header must not contain NUL characters',
        },
      ]);
    });

    it('a NUL in an image file name, the CSV sent as text or dryRun is a 400 naming the field', async () => {
      const csv = [HEADER, csvRow('Card', 'NUL-4')].join('\n');
      const before = await cardCount();
      await expectRefused(
        await importFiles(csv, 'false', [
          { name: 'images', filename: 'fr\u0000ont.png', type: 'image/png', value: png },
        ]),
        'images',
        'Invalid images: its file name must not contain NUL characters',
      );
      await expectRefused(
        await send('/api/admin/inventory/import-files', admin, [
          { name: 'dryRun', value: 'false' },
          { name: 'csv', value: `${csv}\u0000` },
        ]),
        'csv',
        'Invalid body csv: must not contain NUL characters',
      );
      await expectRefused(
        await importFiles(csv, 'tr\u0000ue'),
        'dryRun',
        'Invalid body dryRun: must not contain NUL characters',
      );
      expect(await cardCount()).toBe(before);
    });
  });
});
