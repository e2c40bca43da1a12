import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COMMITTED_CARD_MESSAGE, INVENTORY_CSV_COLUMNS } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { insertCard } from '../../../test/fixtures/catalog.js';
import { createLiveCase } from '../../../test/fixtures/grail.js';
import { auditLog, cards, images } from '../../db/schema/index.js';
import { parseCsv } from '../../lib/csv.js';

const HEADER = INVENTORY_CSV_COLUMNS.join(',');
const GOOD = [
  '"2018 Topps Chrome Shohei Ohtani #150, Refractor",Shohei Ohtani,2018,Topps Chrome,150,Baseball,Los Angeles Angels,PSA,GEM MT 10,81234567,1850.00,1999.99,',
  '1986 Fleer Michael Jordan #57,Michael Jordan,1986,Fleer,57,Basketball,Chicago Bulls,BGS,9.5,0012345678,24000,,',
  '2003 Topps Chrome LeBron James #111,LeBron James,2003,Topps Chrome,111,Basketball,,,,,120.5,150,',
];

describe(`inventory: search, edit, CSV import and export (${testEngine})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let collector: TestUser;
  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
    who: TestUser = admin,
  ) => t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const importCsv = (csv: string, dryRun: boolean) =>
    call('POST', '/api/admin/inventory/import', { csv, dryRun });
  const countCards = async () => (await t.database.db.select().from(cards)).length;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin' });
    collector = await createUser(t);
  });
  afterAll(() => t?.close());

  it('is for administrators only', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/admin/inventory'],
      ['GET', '/api/admin/inventory/export'],
      ['POST', '/api/admin/inventory/import', { csv: HEADER, dryRun: true }],
      ['PATCH', `/api/admin/inventory/${crypto.randomUUID()}`, { name: 'X' }],
    ] as const) {
      const anonymous = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode).toBe(401);
      const res = await call(method, url, payload, collector);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ message: 'Administrators only.', error: 'Forbidden' });
    }
  });

  it('a dry run reports every bad row by line and column, and a file with bad rows writes nothing', async () => {
    const before = await countCards();
    const csv = [
      HEADER,
      GOOD[0],
      // line 3: bad year, bad FMV; line 4: a grader without a grade; line 5: too few values
      'Card,Player,19X6,Set,1,Baseball,,PSA,10,,abc,,',
      'Card,Player,1999,Set,1,Baseball,,SGC,,,10,,',
      'Card,Player,1999',
      // line 6: an image URL that is not https
      'Card,Player,1999,Set,1,Baseball,,,,,10,,http://evil.example/a.jpg',
    ].join('\n');
    for (const dryRun of [true, false]) {
      const res = await importCsv(csv, dryRun);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ dryRun, rows: 5, imported: 0 });
      expect(body.errors).toEqual([
        { line: 3, column: 'year', message: 'must be a year such as 2018' },
        { line: 3, column: 'FMV', message: 'must be an amount in dollars, such as 25 or 25.50' },
        { line: 4, column: 'grade', message: 'a graded card needs its grade' },
        { line: 5, column: null, message: 'expected 13 values, found 3' },
        {
          line: 6,
          column: 'image URLs',
          message: 'http://evil.example/a.jpg must start with https://',
        },
      ]);
    }
    expect(await countCards()).toBe(before);
  });

  it('names a missing or unknown header column', async () => {
    const res = await importCsv('name,player,colour\nA,B,red', true);
    const errors = res.json().errors as { line: number; column: string }[];
    expect(errors.every((e) => e.line === 1)).toBe(true);
    expect(errors.map((e) => e.column)).toEqual(expect.arrayContaining(['year', 'FMV', 'colour']));
    // A header of thousands of empty columns gets one error, not one per column.
    const wide = await importCsv(`${','.repeat(50_000)}\nA`, true);
    expect(wide.statusCode).toBe(200);
    expect(wide.json().errors).toEqual([
      { line: 1, column: null, message: expect.stringMatching(/^the header has 50001 columns/) },
    ]);
  });

  it('imports a good file in one transaction, audited, and the export reads back the same', async () => {
    await t.database.db.insert(images).values({ id: 'inventory-test-image' });
    const lines = [...GOOD];
    lines[2] = lines[2]!.replace(/,$/, ',/api/images/inventory-test-image');
    const csv = [HEADER, ...lines].join('\r\n');
    const dry = (await importCsv(csv, true)).json();
    expect(dry).toEqual({ dryRun: true, rows: 3, errors: [], imported: 0 });
    const before = await countCards();
    const res = await importCsv(csv, false);
    expect(res.json()).toEqual({ dryRun: false, rows: 3, errors: [], imported: 3 });
    expect(await countCards()).toBe(before + 3);

    const [ohtani] = await t.database.db
      .select()
      .from(cards)
      .where(eq(cards.certNumber, '81234567'));
    expect(ohtani).toMatchObject({
      name: '2018 Topps Chrome Shohei Ohtani #150, Refractor',
      grader: 'PSA',
      grade: 'GEM MT 10',
      gradeValue: 10,
      fmvCents: 185_000,
      storePriceCents: 199_999,
      status: 'available',
    });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'inventory.import'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: admin.id, after: { imported: 3 } });

    // Export filtered to these three: the same columns, the same values, in any order.
    const exported = await call('GET', '/api/admin/inventory/export?q=Topps%20Chrome');
    const fleer = await call('GET', '/api/admin/inventory/export?q=Fleer');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    expect(exported.headers['content-disposition']).toMatch(/attachment; filename="inventory-/);
    const rows = [...parseCsv(exported.body), ...parseCsv(fleer.body).slice(1)];
    expect(rows[0]!.cells).toEqual([...INVENTORY_CSV_COLUMNS]);
    const normal = (cells: string[]) => cells.join('|');
    const got = rows.slice(1).map((r) => normal(r.cells));
    const sent = parseCsv([HEADER, ...lines].join('\n'))
      .slice(1)
      .map((r) =>
        normal(
          r.cells.map((c, i) =>
            // Money is written with two decimals.
            i === 10 || i === 11 ? (c === '' ? '' : Number(c).toFixed(2)) : c,
          ),
        ),
      );
    expect(got.sort()).toEqual(sent.sort());
    // And the export imports back cleanly.
    const again = await importCsv(exported.body, true);
    expect(again.json().errors).toEqual([]);
  });

  it('keeps a formula out of a spreadsheet and reads it back', async () => {
    await insertCard(t.database.db, { name: '=HYPERLINK("x")', player: 'Formula Player' });
    const res = await call('GET', '/api/admin/inventory/export?q=Formula%20Player');
    const [, row] = parseCsv(res.body);
    expect(row!.cells[0]).toBe(`'=HYPERLINK("x")`);
  });

  it('searches, filters and pages every card', async () => {
    await insertCard(t.database.db, {
      sport: 'Hockey',
      grader: null,
      grade: null,
      gradeValue: null,
      fmvCents: 700,
    });
    const hockey = (await call('GET', '/api/admin/inventory?sport=hockey&grader=raw')).json();
    expect(hockey.cards.length).toBeGreaterThanOrEqual(1);
    expect(
      hockey.cards.every(
        (c: { sport: string; grader: null }) => c.sport === 'Hockey' && c.grader === null,
      ),
    ).toBe(true);
    expect(hockey.sports).toEqual(expect.arrayContaining(['Baseball', 'Basketball', 'Hockey']));

    const cheap = (await call('GET', '/api/admin/inventory?maxFmv=10')).json();
    expect(cheap.cards.every((c: { fmv: number }) => c.fmv <= 10)).toBe(true);
    const dear = (await call('GET', '/api/admin/inventory?minFmv=20000')).json();
    expect(dear.cards.map((c: { player: string }) => c.player)).toContain('Michael Jordan');

    const all = (await call('GET', '/api/admin/inventory?pageSize=2')).json();
    expect(all.cards).toHaveLength(2);
    const second = (await call('GET', '/api/admin/inventory?pageSize=2&page=2')).json();
    expect(second.total).toBe(all.total);
    expect(second.cards[0].cardId).not.toBe(all.cards[0].cardId);

    const bad = await call('GET', '/api/admin/inventory?minFmv=1e3');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/minFmv/);
  });

  it('edits a card with an audit entry holding before and after', async () => {
    const card = await insertCard(t.database.db, { fmvCents: 10_000, storePriceCents: 12_000 });
    const res = await call('PATCH', `/api/admin/inventory/${card.id}`, {
      fmv: 150,
      storePrice: null,
      grade: 'GEM MT 10',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().card).toMatchObject({ fmv: 150, storePrice: null, grade: 'GEM MT 10' });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, card.id));
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: 'card.update',
      subjectType: 'card',
      before: { fmv: 100, storePrice: 120, grade: '10' },
      after: { fmv: 150, storePrice: null, grade: 'GEM MT 10' },
    });

    const rawWithGrade = await call('PATCH', `/api/admin/inventory/${card.id}`, { grader: null });
    expect(rawWithGrade.statusCode).toBe(400);
    expect(rawWithGrade.json()).toMatchObject({ field: 'grade' });
    const missing = await call('PATCH', `/api/admin/inventory/${crypto.randomUUID()}`, { fmv: 1 });
    expect(missing.statusCode).toBe(404);
  });

  it('answers 409 for a card of a committed case, and writes no audit entry', async () => {
    const { caseId, cardIds } = await createLiveCase(t.database, t.app.services.grailAdmin, {
      size: 3,
    });
    const listed = (await call('GET', `/api/admin/inventory?caseId=${caseId}`)).json();
    expect(listed.total).toBe(3);
    expect(listed.cards[0].case).toMatchObject({ caseId, status: 'active' });
    const res = await call('PATCH', `/api/admin/inventory/${cardIds[0]}`, { fmv: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: COMMITTED_CARD_MESSAGE, error: 'Conflict' });
    expect(
      await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, cardIds[0]!)),
    ).toEqual([]);
    // A store price is not part of the commitment.
    const price = await call('PATCH', `/api/admin/inventory/${cardIds[0]}`, { storePrice: 99 });
    expect(price.statusCode).toBe(200);
  });
});
