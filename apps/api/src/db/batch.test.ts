import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, testEngine, type TestDatabase } from '../../test/helpers.js';
import { batchTransaction, sqlText } from './batch.js';

/*
 * Batch transactions carry the hot statements of a pack purchase: each batch is one round trip,
 * all or nothing, and its answer means the transaction is durable.
 */
describe(`batch transactions (${testEngine})`, () => {
  let t: TestDatabase;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    t = await createTestDatabase();
    await t.database.db.execute(
      sql`create table batch_probe (id int primary key, note text not null)`,
    );
  });
  afterAll(() => t.drop());

  it('answers each statement with its own rows and commits the batches as one', async () => {
    const answers = await batchTransaction(t.database.db, async (tx) => {
      const firstBatch = await tx.run([
        sqlText`insert into batch_probe values (${1}, ${"it's one"})`,
        'select note from batch_probe where id = 1',
      ]);
      const secondBatch = await tx.run(
        [sqlText`insert into batch_probe values (${2}, ${'two'}) returning note`],
        { commit: true },
      );
      return [firstBatch[1]![0], secondBatch[0]![0]];
    });
    expect(answers).toEqual([{ note: "it's one" }, { note: 'two' }]);
    expect(await rows(sql`select id from batch_probe where id in (1, 2) order by id`)).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
  });

  it('writes nothing when a statement fails, and runs none after it', async () => {
    await expect(
      batchTransaction(t.database.db, async (tx) => {
        await tx.run([sqlText`insert into batch_probe values (${10}, ${'kept?'})`]);
        await tx.run(
          [
            sqlText`insert into batch_probe values (${11}, ${'kept?'})`,
            sqlText`insert into batch_probe values (${12}, ${null})`,
            sqlText`insert into batch_probe values (${13}, ${'after'})`,
          ],
          { commit: true },
        );
      }),
    ).rejects.toMatchObject({ code: '23502' });
    expect(await rows(sql`select id from batch_probe where id >= 10`)).toEqual([]);
  });

  it.runIf(testEngine === 'postgres')(
    'answers a committed batch only once its WAL is on disk, though its COMMIT does not wait for it',
    async () => {
      for (let i = 0; i < 20; i++) {
        const answers = await batchTransaction(t.database.db, (tx) =>
          tx.run(
            [
              sqlText`insert into batch_probe values (${100 + i}, ${'durable'})`,
              'select pg_current_wal_insert_lsn()::text as lsn',
            ],
            { commit: true },
          ),
        );
        const [flushed] = await rows<{ durable: boolean }>(
          sql`select pg_current_wal_flush_lsn() >= ${answers[1]![0]!.lsn}::pg_lsn as durable`,
        );
        expect(flushed!.durable).toBe(true);
      }
    },
  );

  it.runIf(testEngine === 'postgres')(
    'leaves no pooled connection committing without waiting for the disk',
    async () => {
      await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          batchTransaction(t.database.db, (tx) =>
            i % 2
              ? tx.run([sqlText`insert into batch_probe values (${200 + i}, ${'x'})`], {
                  commit: true,
                })
              : tx.run([sqlText`insert into batch_probe values (${200 + i}, ${'x'})`]),
          ),
        ),
      );
      // Every connection of the pool (16) at once, each asked for its setting.
      const settings = await Promise.all(
        Array.from({ length: 16 }, () =>
          t.database.db.transaction(async (tx) => {
            const result = (await tx.execute(
              sql`select current_setting('synchronous_commit') as s, pg_sleep(0.05)`,
            )) as unknown as { rows: { s: string }[] };
            return result.rows[0]!.s;
          }),
        ),
      );
      expect(new Set(settings)).toEqual(new Set(['on']));
    },
  );
});
