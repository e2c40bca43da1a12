import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Holding, Listing, Offer, Trade } from '@grail/contract';
import { buildApp } from '../../app.js';
import {
  createTestDatabase,
  testConfig,
  testEngine,
  type TestApp,
  type TestDatabase,
} from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { fund } from '../../../test/fixtures/wallet.js';
import { marketInvariants, vaultCard } from '../../../test/fixtures/market.js';
import { startServer, type Server } from '../../../test/processes.js';

const COLLECTORS = 16;
const WORKERS = 12;
const ACTIONS = 450;

/** What an instance acknowledged (a 2xx), checked against the database at the end. */
interface Acknowledged {
  listed: string[];
  bought: { listingId: string; buyerId: string }[];
  offered: string[];
  ended: { offerId: string; status: 'accepted' | 'declined' | 'withdrawn' }[];
  cancelled: string[];
  proposed: string[];
  traded: { tradeId: string; status: 'accepted' | 'declined' | 'withdrawn' }[];
}

// Several processes on one database need a PostgreSQL server (PGlite is single-process).
describe.runIf(testEngine === 'postgres')(
  `the marketplace across processes (${testEngine})`,
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

    it(
      'a random mix of list, buy, offer, counter, accept, withdraw, trade and cancel on two instances, one killed and restarted, keeps money, cards and every acknowledged action',
      { timeout: 240_000 },
      async () => {
        const [a, b] = await Promise.all([startServer(db.url!), startServer(db.url!)]);
        servers.push(a!, b!);
        const people: TestUser[] = [];
        for (let i = 0; i < COLLECTORS; i++) {
          const person = await createUser(t);
          await fund(t.database, person.id, 50_000);
          for (let c = 0; c < 3; c++)
            await vaultCard(t.database.db, person.id, { fmvCents: 2_000 });
          people.push(person);
        }
        const instances = [a!, b!];
        const ack: Acknowledged = {
          listed: [],
          bought: [],
          offered: [],
          ended: [],
          cancelled: [],
          proposed: [],
          traded: [],
        };
        let seq = 0;
        let fivexx = 0;
        // A deterministic pseudo-random sequence, so a failure replays.
        let state = 20261129;
        const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
        const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
        const price = () => 1 + Math.floor(random() * 60);

        const request = async (who: TestUser, method: string, path: string, body?: object) => {
          const server = instances[seq % 2]!;
          const res = await fetch(`${server.url}${path}`, {
            method,
            headers: {
              ...who.headers,
              'content-type': 'application/json',
              'idempotency-key': `market-proc-${++seq}`,
            },
            ...(body ? { body: JSON.stringify(body) } : {}),
          }).catch(() => null); // the instance is down: not acknowledged
          if (!res) return null;
          if (res.status >= 500 && res.status !== 503) fivexx++;
          return { status: res.status, body: (await res.json().catch(() => ({}))) as unknown };
        };

        const step = async () => {
          const me = pick(people)!;
          const roll = random();
          if (roll < 0.22) {
            const vault = await request(me, 'GET', '/api/vault?state=in_vault&limit=10');
            const holding = pick((vault?.body as { holdings?: Holding[] })?.holdings ?? []);
            if (!holding) return;
            const res = await request(me, 'POST', '/api/market/listings', {
              holdingId: holding._id,
              price: price(),
              acceptsOffers: random() < 0.7,
            });
            if (res?.status === 201) ack.listed.push((res.body as Listing)._id);
          } else if (roll < 0.42) {
            const market = await request(me, 'GET', '/api/market/listings?limit=30');
            const listings = ((market?.body as { listings?: Listing[] })?.listings ?? []).filter(
              (l) => l.seller !== me.username,
            );
            const listing = pick(listings);
            if (!listing) return;
            if (random() < 0.5 || !listing.acceptsOffers) {
              const res = await request(me, 'POST', `/api/market/listings/${listing._id}/buy`, {
                price: listing.price,
              });
              if (res?.status === 200) ack.bought.push({ listingId: listing._id, buyerId: me.id });
            } else if (listing.price > 1) {
              const amount = Math.max(1, Math.floor(listing.price * (0.5 + random() * 0.4)));
              const res = await request(me, 'POST', `/api/market/listings/${listing._id}/offers`, {
                amount,
                expiresInDays: 1 + Math.floor(random() * 14),
              });
              if (res?.status === 201) ack.offered.push((res.body as Offer)._id);
            }
          } else if (roll < 0.72) {
            const inbox = await request(me, 'GET', '/api/market/offers?limit=20');
            const offers = (inbox?.body as { offers?: Offer[] })?.offers ?? [];
            const offer =
              pick(offers.filter((o) => o.yourTurn)) ??
              pick(offers.filter((o) => o.role === 'buyer'));
            if (!offer) return;
            const choice = random();
            if (!offer.yourTurn) {
              const res = await request(me, 'POST', `/api/market/offers/${offer._id}/withdraw`, {});
              if (res?.status === 200) ack.ended.push({ offerId: offer._id, status: 'withdrawn' });
            } else if (choice < 0.45) {
              const res = await request(me, 'POST', `/api/market/offers/${offer._id}/accept`, {
                amount: offer.amount,
              });
              if (res?.status === 200) ack.ended.push({ offerId: offer._id, status: 'accepted' });
            } else if (choice < 0.7) {
              const res = await request(me, 'POST', `/api/market/offers/${offer._id}/decline`, {});
              if (res?.status === 200) ack.ended.push({ offerId: offer._id, status: 'declined' });
            } else {
              const amount =
                offer.role === 'seller'
                  ? Math.min(offer.listing.price, offer.amount + 1)
                  : Math.max(1, offer.amount - 1);
              await request(me, 'POST', `/api/market/offers/${offer._id}/counter`, { amount });
            }
          } else if (roll < 0.84) {
            const market = await request(me, 'GET', '/api/market/listings?limit=30');
            const theirs = pick(
              ((market?.body as { listings?: Listing[] })?.listings ?? []).filter(
                (l) => l.seller !== me.username,
              ),
            );
            const vault = await request(me, 'GET', '/api/vault?state=in_vault&limit=10');
            const mine = pick((vault?.body as { holdings?: Holding[] })?.holdings ?? []);
            if (!theirs) return;
            const res = await request(me, 'POST', '/api/market/trades', {
              to: theirs.seller,
              give: mine ? [mine._id] : [],
              giveCash: mine ? Math.floor(random() * 5) : 5,
              get: [theirs.holdingId],
              getCash: 0,
            });
            if (res?.status === 201) ack.proposed.push((res.body as Trade)._id);
          } else if (roll < 0.9) {
            const inbox = await request(me, 'GET', '/api/market/trades?status=open&limit=20');
            const trade = pick((inbox?.body as { trades?: Trade[] })?.trades ?? []);
            if (!trade) return;
            const action = trade.yourTurn ? (random() < 0.6 ? 'accept' : 'decline') : 'withdraw';
            const res = await request(me, 'POST', `/api/market/trades/${trade._id}/${action}`, {});
            const status = (
              { accept: 'accepted', decline: 'declined', withdraw: 'withdrawn' } as const
            )[action];
            if (res?.status === 200) ack.traded.push({ tradeId: trade._id, status });
          } else {
            const selling = await request(me, 'GET', '/api/market/selling');
            const open = ((selling?.body as { listings?: Listing[] })?.listings ?? []).filter(
              (l) => l.status === 'open',
            );
            const listing = pick(open);
            if (!listing) return;
            const res = await request(me, 'POST', `/api/market/listings/${listing._id}/cancel`, {});
            if (res?.status === 200) ack.cancelled.push(listing._id);
          }
        };

        let done = 0;
        let killed = false;
        const worker = async () => {
          while (done < ACTIONS) {
            done++;
            await step();
            if (!killed && done > ACTIONS / 3) {
              killed = true;
              // Instance B dies mid-run with requests in flight, and comes back on its port.
              b!.child.kill('SIGKILL');
              await b!.exited;
              const port = Number(new URL(b!.url).port);
              const again = await startServer(db.url!, { port });
              servers.push(again);
              instances[1] = again;
            }
          }
        };
        await Promise.all(Array.from({ length: WORKERS }, worker));

        expect(fivexx).toBe(0);
        expect(ack.listed.length).toBeGreaterThan(10);
        expect(
          ack.bought.length + ack.ended.filter((e) => e.status === 'accepted').length,
        ).toBeGreaterThan(5);

        const rows = async (query: ReturnType<typeof sql>) =>
          ((await t.database.db.execute(query)) as unknown as { rows: Record<string, string>[] })
            .rows;
        const ids = (list: string[]) =>
          sql.join(list.length ? list.map((id) => sql`${id}::uuid`) : [sql`null`], sql`, `);
        const listed = await rows(
          sql`select id::text from market_listings where id in (${ids(ack.listed)})`,
        );
        expect(listed).toHaveLength(new Set(ack.listed).size);
        const sold = await rows(
          sql`select listing_id::text, buyer_id::text from market_sales where listing_id in (${ids(ack.bought.map((x) => x.listingId))})`,
        );
        expect(new Set(sold.map((s) => `${s.listing_id}:${s.buyer_id}`))).toEqual(
          new Set(ack.bought.map((x) => `${x.listingId}:${x.buyerId}`)),
        );
        const offered = await rows(
          sql`select id::text from market_offers where id in (${ids(ack.offered)})`,
        );
        expect(offered).toHaveLength(new Set(ack.offered).size);
        const ended = await rows(
          sql`select id::text, status from market_offers where id in (${ids(ack.ended.map((e) => e.offerId))})`,
        );
        const statusOf = new Map(ended.map((e) => [e.id, e.status]));
        for (const e of ack.ended) expect(statusOf.get(e.offerId)).toBe(e.status);
        const cancelled = await rows(
          sql`select status from market_listings where id in (${ids(ack.cancelled)})`,
        );
        expect(cancelled.every((c) => c.status === 'cancelled')).toBe(true);

        const proposed = await rows(
          sql`select id::text from market_trades where id in (${ids(ack.proposed)})`,
        );
        expect(proposed).toHaveLength(new Set(ack.proposed).size);
        const traded = await rows(
          sql`select id::text, status from market_trades where id in (${ids(ack.traded.map((x) => x.tradeId))})`,
        );
        const tradeStatus = new Map(traded.map((x) => [x.id, x.status]));
        for (const x of ack.traded) expect(tradeStatus.get(x.tradeId)).toBe(x.status);

        const invariants = await marketInvariants(t.database.db);
        expect(invariants.money).toBe(invariants.funded);
        expect(invariants.cardsTwice).toBe(0);
        expect(invariants.negative).toBe(0);
        // Every listed card is held as listed, every open hold belongs to an open offer.
        const strays = await rows(sql`
        select
          (select count(*) from market_listings l join holdings h on h.id = l.holding_id
            where l.status = 'open' and h.state <> 'listed')::int as listed_off,
          (select count(*) from wallet_holds w where w.status = 'open' and w.ref_type = 'offer'
            and not exists (select 1 from market_offers o where o.hold_id = w.id and o.status = 'open'))::int as stray_holds,
          (select count(*) from wallet_holds w where w.status = 'open' and w.ref_type = 'trade'
            and not exists (select 1 from market_trades x where x.hold_id = w.id and x.status = 'open'))::int as stray_trade_holds`);
        expect(strays[0]).toEqual({ listed_off: 0, stray_holds: 0, stray_trade_holds: 0 });
      },
    );
  },
);
