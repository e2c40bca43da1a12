/**
 * Marketplace benchmark on PostgreSQL (issue 34):
 *   npm run bench:market                                uses BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres
 *   npm run bench:market -- --buyers 200 --listings 1000 --sellers 100
 *   npm run bench:market -- --api apps/api/dist/main.js   runs that bundle instead of building one
 *   npm run bench:market -- --sources                     runs the API's sources through tsx
 *   npm run bench:market -- --cpu-prof /tmp/prof           writes the API process's CPU profile there
 *
 * Builds the API into apps/api/.e2e-builds/market, creates a scratch database with 1,000 open
 * listings from 100 sellers and 200 funded buyers, starts the API as production runs it, and lets
 * the buyers (each signed in, on its own kept-alive connection) Buy now the listings, in a random
 * order, each taking the next one nobody has taken, until every listing is sold (races for one
 * listing are the concurrency tests' subject, not this rate's). Every purchase settles in one
 * transaction (decision 029). It reports purchases
 * per second with p50 and p99, then the same floor bench:packs measures (one hot-row UPDATE per
 * transaction over a pool of the API's size) and the ratio. The scratch database is dropped.
 */
import { option } from './bench-options.js';
import { purchaseBench, RawClient } from './bench-http.js';
import { userById } from '../apps/api/src/modules/users/users.reads.js';
import { vaultCard } from '../apps/api/test/fixtures/market.js';
import { fundedBuyer } from './bench-buyers.js';

const BUYERS = option('--buyers', 200);
const LISTINGS = option('--listings', 1000);
const SELLERS = option('--sellers', 100);
const PRICE = 1;

purchaseBench('market', async ({ database, services, buyers, pool, ...bench }) => {
  process.stdout.write(
    `listing ${LISTINGS} cards from ${SELLERS} sellers, funding ${BUYERS} buyers…\n`,
  );
  let open: string[] = [];
  for (let s = 0; s < SELLERS; s++) {
    const seller = await fundedBuyer(database, services, { label: `seller_${s}`, cents: 100 });
    const user = (await userById(database.db, seller.id))!;
    for (let i = s; i < LISTINGS; i += SELLERS) {
      const { holding } = await vaultCard(database.db, seller.id, { fmvCents: 100 });
      const listing = await services.listings.create(user, {
        holdingId: holding.id,
        price: PRICE,
        acceptsOffers: false,
      });
      open.push(listing._id);
    }
  }
  const perBuyer = Math.ceil(LISTINGS / BUYERS) * 4 * PRICE * 100;
  for (let i = 0; i < BUYERS; i++) {
    const b = await fundedBuyer(database, services, { label: `buyer_${i}`, cents: perBuyer });
    buyers.push(RawClient.signedIn(b.token, b.csrfToken));
  }
  await database.close();
  open = open
    .map((id) => ({ id, order: Math.random() }))
    .sort((a, b) => a.order - b.order)
    .map((x) => x.id);

  const api = await bench.startApi();
  process.stdout.write(`buying with ${BUYERS} concurrent buyers until every listing is sold…\n`);
  const latencies: number[] = [];
  let lost = 0;
  const other = new Map<number, number>();
  const body = JSON.stringify({ price: PRICE });
  const started = performance.now();
  await Promise.all(
    buyers.map(async (b) => {
      for (let listingId = open.pop(); listingId; listingId = open.pop()) {
        const t0 = performance.now();
        const status = await b.post(api.base, `/api/market/listings/${listingId}/buy`, body);
        if (status === 200) latencies.push(performance.now() - t0);
        else if (status === 409) lost++;
        else other.set(status, (other.get(status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const rate = latencies.length / seconds;
  await bench.printAgainstFloor(
    { label: `market purchases (${latencies.length} ok)`, rate, latencies },
    BUYERS,
  );
  const others = [...other].map(([status, n]) => `${n} × ${status}`).join(', ') || '0 other';
  process.stdout.write(
    `(${BUYERS} concurrent buyers, pool ${pool}; ${lost} refused as sold (409), ${others})\n`,
  );
  if (other.size > 0 || latencies.length !== LISTINGS) process.exitCode = 1;
});
