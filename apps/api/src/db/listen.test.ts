import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, testEngine, type TestDatabase } from '../../test/helpers.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await sleep(10);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/*
 * Every LISTEN of a database goes through one connection: PostgreSQL wakes every listening
 * connection on each NOTIFY, and every pack purchase sends one.
 */
describe.runIf(testEngine === 'postgres')('LISTEN on PostgreSQL (postgres)', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  const listeningBackends = async () => {
    const result = (await t.database.db.execute(
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and query ilike 'listen %'
             or datname = current_database() and query ilike 'unlisten %'`,
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0]!.n;
  };
  const notify = (channel: string, payload: string) =>
    t.database.db.execute(sql`select pg_notify(${channel}, ${payload})`);

  it('hears every channel on one connection, and closes it with the last listener', async () => {
    const heard: string[] = [];
    const stops = await Promise.all([
      t.database.listen('listen_a', (p) => heard.push(`a1:${p}`)),
      t.database.listen('listen_a', (p) => heard.push(`a2:${p}`)),
      t.database.listen('listen_b', (p) => heard.push(`b:${p}`)),
    ]);
    expect(await listeningBackends()).toBe(1);
    await notify('listen_a', 'x');
    await notify('listen_b', 'y');
    await until(() => heard.length === 3, 'three notifications');
    expect(heard.sort()).toEqual(['a1:x', 'a2:x', 'b:y']);

    // A channel's last listener leaving stops it being heard; the others still hear theirs.
    await stops[2]!();
    await stops[1]!();
    await notify('listen_b', 'gone');
    await notify('listen_a', 'z');
    await until(() => heard.length === 4, 'the fourth notification');
    expect(heard.at(-1)).toBe('a1:z');

    await stops[0]!();
    await until(async () => (await listeningBackends()) === 0, 'the connection to close');
  });

  it('tells every listener when the connection is lost, and listens anew afterwards', async () => {
    let lost = 0;
    const heard: string[] = [];
    await t.database.listen(
      'listen_c',
      () => undefined,
      () => lost++,
    );
    await t.database.listen(
      'listen_d',
      () => undefined,
      () => lost++,
    );
    await t.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen %'`,
    );
    await until(() => lost === 2, 'both listeners to hear of the loss');

    const stop = await t.database.listen('listen_c', (p) => heard.push(p));
    await notify('listen_c', 'again');
    await until(() => heard.length === 1, 'a notification on the new connection');
    expect(heard).toEqual(['again']);
    await stop();
  });
});
