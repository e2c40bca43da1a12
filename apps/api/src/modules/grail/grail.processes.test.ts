import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PullEvent } from '@grail/contract';
import { buildApp } from '../../app.js';
import {
  createTestDatabase,
  testConfig,
  testEngine,
  type TestApp,
  type TestDatabase,
} from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { SeedVault } from './fairness.js';
import {
  closeOpenCases,
  createLiveCase,
  purchaseInvariants,
  redrawnMismatches,
} from '../../../test/fixtures/grail.js';
import { fund } from '../../../test/fixtures/wallet.js';
import { APP_SECRET, startServer, type Server } from '../../../test/processes.js';

const buyOver = (server: Server, caseId: string, buyer: TestUser, key: string) =>
  fetch(`${server.url}/api/grail-cases/${caseId}/packs`, {
    method: 'POST',
    headers: { ...buyer.headers, 'content-type': 'application/json', 'idempotency-key': key },
    body: '{}',
  });

// Several processes on one database need a PostgreSQL server (PGlite is single-process).
describe.runIf(testEngine === 'postgres')(
  `pack purchases across real processes (${testEngine})`,
  () => {
    let db: TestDatabase;
    let t: TestApp;
    const servers: Server[] = [];

    beforeAll(async () => {
      db = await createTestDatabase();
      const config = testConfig();
      const app = await buildApp({ config, database: db.database, logger: false });
      await app.ready();
      t = { app, database: db.database, config, close: () => app.close() };
    });
    afterAll(async () => {
      for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
      await t?.close();
      await db?.drop();
    });

    async function buyers(n: number, cents: number) {
      const list: TestUser[] = [];
      for (let i = 0; i < n; i++) {
        const b = await createUser(t);
        await fund(t.database, b.id, cents);
        list.push(b);
      }
      return list;
    }

    it(
      'two API processes split 1,000 purchases of a 100-card case: exactly 100 succeed, and live events cross instances',
      { timeout: 180_000 },
      async () => {
        const [a, b] = await Promise.all([startServer(db.url!), startServer(db.url!)]);
        servers.push(a!, b!);
        const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, {
          size: 100,
          packPrice: 10,
        });
        const people = await buyers(200, 5 * 1000);

        // A stream on instance A must see pulls sold by instance B (LISTEN/NOTIFY).
        const controller = new AbortController();
        const stream = await fetch(`${a!.url}/api/grail-cases/events`, {
          signal: controller.signal,
        });
        const reader = stream.body!.getReader();
        const events: PullEvent[] = [];
        const reading = (async () => {
          let text = '';
          for (;;) {
            const { value, done } = await reader
              .read()
              .catch(() => ({ value: undefined, done: true }));
            if (done) return;
            text += new TextDecoder().decode(value);
            let cut: number;
            while ((cut = text.indexOf('\n\n')) >= 0) {
              const chunk = text.slice(0, cut);
              text = text.slice(cut + 2);
              const data = /^event: pull\ndata: (.*)$/m.exec(chunk);
              if (data) events.push(JSON.parse(data[1]!) as PullEvent);
            }
          }
        })();
        await new Promise((r) => setTimeout(r, 300));

        const purchase = (i: number) =>
          buyOver(i % 2 ? b! : a!, caseId, people[i % 200]!, `two-proc-${i}`).then(async (r) => ({
            status: r.status,
            body: (await r.json()) as { message?: string; pull?: { k: number } },
            via: i % 2,
          }));
        // Each process first sells one pack alone, so both race on the path a known case takes
        // (one round trip); otherwise the first to know the case can sell all 100 before the
        // other has sold its first.
        const warmUps = [await purchase(0), await purchase(1)];
        const race = await Promise.all(Array.from({ length: 998 }, (_, i) => purchase(i + 2)));
        const responses = [...warmUps, ...race];
        const count = (status: number, via?: number, of = responses) =>
          of.filter((r) => r.status === status && (via === undefined || r.via === via)).length;
        expect({ 201: count(201), 409: count(409) }).toEqual({ 201: 100, 409: 900 });
        // Both processes really sold cards in the race.
        expect(count(201, 0, race)).toBeGreaterThan(0);
        expect(count(201, 1, race)).toBeGreaterThan(0);
        expect(
          responses
            .filter((r) => r.status === 409)
            .every((r) => r.body.message === 'This case is sold out.'),
        ).toBe(true);

        const inv = await purchaseInvariants(t.database, caseId);
        expect(inv).toEqual({
          pulls: { n: 100, cards: 100, ks: 100, maxk: 100 },
          debitsWithoutPull: 0,
          pullsWithoutDebit: 0,
          walletsOff: 0,
          cardsNotPulled: 0,
          counter: { pulls_count: 100, status: 'sold_out' },
        });
        // Two processes, each with its own copy of the remaining cards, drew every pull by the rule.
        expect(await redrawnMismatches(t.database, new SeedVault(APP_SECRET), caseId)).toEqual([]);

        for (let i = 0; i < 40 && events.length < 100; i++)
          await new Promise((r) => setTimeout(r, 100));
        controller.abort();
        await reading;
        expect(events.filter((e) => e.caseId === caseId)).toHaveLength(100);
        expect(new Set(events.map((e) => e.k)).size).toBe(100);
        expect(Math.min(...events.map((e) => e.remaining))).toBe(0);
      },
    );

    it(
      'a process killed with SIGKILL mid-purchase loses nothing it answered and leaves no half purchase',
      { timeout: 180_000 },
      async () => {
        const server = await startServer(db.url!);
        servers.push(server);
        const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, {
          size: 300,
          packPrice: 1,
        });
        const people = await buyers(8, 300 * 100);
        const answered: { key: string; pullId: string; buyer: string }[] = [];
        let stop = false;
        let n = 0;
        const worker = async (buyer: TestUser) => {
          while (!stop) {
            const key = `crash-${n++}`;
            try {
              const res = await buyOver(server, caseId, buyer, key);
              if (res.status === 201) {
                const body = (await res.json()) as { pull: { _id: string } };
                answered.push({ key, pullId: body.pull._id, buyer: buyer.id });
              }
            } catch {
              return; // the process is gone
            }
          }
        };
        const loops = people.map(worker);
        while (answered.length < 40) await new Promise((r) => setTimeout(r, 5));
        server.child.kill('SIGKILL');
        await server.exited;
        stop = true;
        await Promise.all(loops);

        // Every purchase that was answered 201 exists, with exactly one debit of its price.
        const ids = answered.map((a) => a.pullId);
        const found = (await t.database.db.execute(
          sql`select p.id::text, (select count(*)::int from wallet_ledger l where l.ref_id = p.id::text and l.kind = 'pack') debits from pulls p where p.id::text in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )) as unknown as { rows: { id: string; debits: number }[] };
        expect(found.rows).toHaveLength(answered.length);
        expect(found.rows.every((r) => r.debits === 1)).toBe(true);

        // After a restart the machine keeps selling, and the books still balance.
        const again = await startServer(db.url!);
        servers.push(again);
        const after = await buyOver(again, caseId, people[0]!, `after-crash-${Date.now()}`);
        expect(after.status).toBe(201);
        const inv = await purchaseInvariants(t.database, caseId);
        expect(inv.debitsWithoutPull).toBe(0);
        expect(inv.pullsWithoutDebit).toBe(0);
        expect(inv.walletsOff).toBe(0);
        expect(inv.pulls.n).toBe(inv.pulls.cards);
        expect(inv.pulls.n).toBe(inv.counter.pulls_count);
        expect(inv.pulls.n).toBeGreaterThanOrEqual(answered.length + 1);
        again.child.kill('SIGTERM');
        await again.exited;
      },
    );

    it(
      'SIGTERM mid-drop: not ready at once, every purchase in flight is answered, and the process exits 0',
      { timeout: 180_000 },
      async () => {
        const server = await startServer(db.url!);
        servers.push(server);
        await closeOpenCases(t.database, t.app.services.grailAdmin);
        const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, {
          size: 100,
          packPrice: 1,
        });
        const people = await buyers(20, 100 * 100);
        // 150 purchases for 100 cards, all sent before the signal; it comes with the first answer.
        let readyAfterSignal: Promise<number | 'refused'> | undefined;
        const requests = Array.from({ length: 150 }, (_, i) =>
          buyOver(server, caseId, people[i % 20]!, `drain-purchase-${i}`).then(
            async (res) => {
              if (!readyAfterSignal) {
                server.child.kill('SIGTERM');
                readyAfterSignal = fetch(`${server.url}/api/ready`).then(
                  (r) => r.status,
                  () => 'refused' as const,
                );
              }
              return { status: res.status, body: (await res.json()) as { pull?: { _id: string } } };
            },
            (error: unknown) => ({ status: 0, body: { error: String(error) } }),
          ),
        );
        const answers = await Promise.all(requests);
        expect(await server.exited).toBe(0);

        const statuses = answers.map((a) => a.status);
        expect(answers.filter((a) => a.status !== 201 && a.status !== 409)).toEqual([]);
        expect(statuses.filter((s) => s === 201)).toHaveLength(100);
        // Asked once the signal is sent: draining (503), or already closed (refused), never ready.
        expect([503, 'refused']).toContain(await readyAfterSignal);
        const inv = await purchaseInvariants(t.database, caseId);
        expect(inv.pulls.n).toBe(100);
        expect(inv.debitsWithoutPull).toBe(0);
        expect(inv.pullsWithoutDebit).toBe(0);
        expect(inv.walletsOff).toBe(0);
      },
    );
  },
);
