import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { COMMITTED_CARD_MESSAGE } from '@grail/contract';
import { openDatabase } from '../../db/client.js';
import { migrateDatabase, migrationsFolder } from '../../db/migrate.js';
import { cards, grailCases } from '../../db/schema/index.js';
import {
  buildTestApp,
  createTestApp,
  testConfig,
  testEngine,
  type TestApp,
} from '../../../test/helpers.js';
import { createUser } from '../../../test/users.js';
import { createLiveCase, insertCards } from '../../../test/fixtures/grail.js';
import { fund } from '../../../test/fixtures/wallet.js';

/** The SQLSTATE a refused statement failed with (drizzle keeps the driver's error as cause). */
async function refusal(t: TestApp, query: SQL): Promise<string | undefined> {
  try {
    await t.database.db.execute(query);
    return undefined;
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code ?? 'unknown';
  }
}

describe(`the database keeps committed Grail cases as published (${testEngine})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      beforeReady(app) {
        // Stands for any code path that reaches the database without the service's own check.
        app.get<{ Params: { id: string } }>('/test/raise-fmv/:id', async (request) => {
          await t.database.db.execute(
            sql`update cards set fmv_cents = fmv_cents * 1000 where id = ${request.params.id}`,
          );
          return { ok: true };
        });
      },
    });
  });
  afterAll(() => t?.close());

  it("refuses a direct change of a live case's card, contents or settings, and allows the rest", async () => {
    const { caseId, cardIds } = await createLiveCase(t.database, t.app.services.grailAdmin, {
      size: 4,
    });
    const card = cardIds[1]!; // a graded one (every third test card is raw)
    const [before] = await t.database.db.select().from(cards).where(eq(cards.id, card));

    // The card: what the contents hash and the EV rest on, its identity, and its status.
    for (const change of [
      `fmv_cents = 850000000`,
      `grade = '1', grade_value = 1`,
      `cert_number = 'forged'`,
      `grader = null, grade = null`,
      `name = 'Charizard 1st Edition'`,
      `status = 'available'`,
      `status = 'sold'`,
    ]) {
      expect(
        await refusal(t, sql`update cards set ${sql.raw(change)} where id = ${card}`),
        change,
      ).toBe('GC001');
    }
    const [after] = await t.database.db.select().from(cards).where(eq(cards.id, card));
    expect(after).toEqual(before);
    // Its pictures, condition note and store price are not part of the commitment.
    expect(
      await refusal(
        t,
        sql`update cards set condition_note = 'Sharp', image_ids = '{x}', store_price_cents = 100 where id = ${card}`,
      ),
    ).toBeUndefined();

    // The case's contents.
    const [spare] = await insertCards(t.database, 1);
    expect(
      await refusal(t, sql`insert into case_cards (case_id, card_id) values (${caseId}, ${spare})`),
    ).toBe('GC002');
    expect(await refusal(t, sql`delete from case_cards where card_id = ${card}`)).toBe('GC002');
    expect(
      await refusal(
        t,
        sql`update case_cards set position = position + 100 where case_id = ${caseId}`,
      ),
    ).toBe('GC002');

    // The case's settings and commitments.
    for (const change of [
      sql`pack_price_cents = 1`,
      sql`tiers = '[]'::jsonb`,
      sql`contents_hash = 'x'`,
      sql`server_seed_hash = 'x'`,
      sql`total_items = 1`,
      sql`activation_time = now() + interval '1 day'`,
      sql`status = 'draft'`,
    ]) {
      expect(await refusal(t, sql`update grail_cases set ${change} where id = ${caseId}`)).toBe(
        'GC002',
      );
    }
    expect(await refusal(t, sql`delete from grail_cases where id = ${caseId}`)).toBe('GC002');

    await t.app.services.grailAdmin.close(caseId);
    expect(
      await refusal(t, sql`update grail_cases set status = 'active' where id = ${caseId}`),
    ).toBe('GC002');
    // Closed: the card is back in inventory. Its commitment stays, its name may change.
    expect(await refusal(t, sql`update cards set fmv_cents = 1 where id = ${card}`)).toBe('GC001');
    expect(
      await refusal(t, sql`update cards set name = 'Renamed' where id = ${card}`),
    ).toBeUndefined();
  });

  it('lets a draft change freely', async () => {
    const ids = await insertCards(t.database, 2);
    const caseId = await t.app.services.grailAdmin.createCase({ name: 'Draft', packPrice: 5 });
    await t.app.services.grailAdmin.addCards(caseId, ids);
    expect(await refusal(t, sql`update cards set fmv_cents = 123 where id = ${ids[0]}`)).toBe(
      undefined,
    );
    expect(
      await refusal(t, sql`update grail_cases set pack_price_cents = 700 where id = ${caseId}`),
    ).toBeUndefined();
    await t.app.services.grailAdmin.removeCard(caseId, ids[1]!);
    await t.app.services.grailAdmin.close(caseId);
  });

  it("refuses a change of a recorded pull's proof, price or FMV", async () => {
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 3 });
    const user = await createUser(t);
    await fund(t.database, user.id, 10_000);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/grail-cases/${caseId}/packs`,
      headers: { ...user.headers, 'idempotency-key': 'commitments-pull-1' },
      payload: {},
    });
    const pullId = res.json().pull._id as string;
    for (const change of [
      sql`fmv_cents = 850000000`,
      sql`price_cents = 1`,
      sql`position = position + 1`,
      sql`client_seed = 'other'`,
    ]) {
      expect(await refusal(t, sql`update pulls set ${change} where id = ${pullId}`)).toBe('GC003');
    }
    await t.app.services.grailAdmin.close(caseId);
  });

  it('answers 409 with the committed-card message when the database refuses the change', async () => {
    const { caseId, cardIds } = await createLiveCase(t.database, t.app.services.grailAdmin, {
      size: 2,
    });
    const res = await t.app.inject({ url: `/test/raise-fmv/${cardIds[0]}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: COMMITTED_CARD_MESSAGE, error: 'Conflict' });
    await t.app.services.grailAdmin.close(caseId);
  });

  it('refuses an activation time outside 2000 to 2100 in the database too', async () => {
    const [row] = await t.database.db
      .insert(grailCases)
      .values({ name: 'Dates', packPriceCents: 100, tiers: [] })
      .returning();
    for (const when of ['0020-01-01T00:00:00Z', '2100-01-01T00:00:00Z']) {
      expect(
        await refusal(
          t,
          sql`update grail_cases set activation_time = ${when} where id = ${row!.id}`,
        ),
      ).toBe('23514');
    }
  });
});

describe(`migration 0007 on an existing database (${testEngine === 'pglite' ? 'pglite' : 'skipped on postgres'})`, () => {
  // The step from 0006 to 0007 only; PGlite is enough to show what it does with old rows.
  it.runIf(testEngine === 'pglite')(
    'clears unreadable activation times, so the admin case list answers again',
    async () => {
      const folder = mkdtempSync(join(tmpdir(), 'grail-migrations-'));
      cpSync(migrationsFolder, folder, { recursive: true });
      const journalPath = join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
        entries: { tag: string }[];
      };
      journal.entries = journal.entries.filter((e) => e.tag < '0007');
      writeFileSync(journalPath, JSON.stringify(journal));
      const database = await openDatabase({});
      try {
        await migrateDatabase(database, folder);
        await database.db.execute(
          sql`insert into grail_cases (name, pack_price_cents, tiers, activation_time)
              values ('Year 20', 1000, '[]'::jsonb, '0020-01-01T00:00:00Z')`,
        );
        await migrateDatabase(database);
        const app = await buildTestApp(database);
        await app.ready();
        try {
          const admin = await createUser(
            { app, database, config: testConfig(), close: async () => undefined },
            { role: 'admin' },
          );
          const list = await app.inject({ url: '/api/admin/grail-cases', headers: admin.headers });
          expect(list.statusCode).toBe(200);
          expect(list.json().cases).toEqual([
            expect.objectContaining({ name: 'Year 20', activationTime: null }),
          ]);
        } finally {
          await app.close();
        }
      } finally {
        await database.close().catch(() => undefined);
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );
});
