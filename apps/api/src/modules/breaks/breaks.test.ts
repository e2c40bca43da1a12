import { createHash, createHmac, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  breakEndpoints,
  endpointUrl,
  type AdminBreak,
  type BreakDetailResponse,
  type BreakFairnessResponse,
  type BreakHitEvent,
  type BreakStepEvent,
  type Endpoint,
  type MyBreaksResponse,
} from '@grail/contract';
import { breakSpotSales, playControls, users, walletLedger } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import {
  BREAKS_ON,
  buySpots,
  createBreak,
  openBreak,
  passDeadline,
  refundsPerSale,
  saleInvariants,
  staffCommand,
} from '../../../test/fixtures/breaks.js';
import { fund } from '../../../test/fixtures/wallet.js';

const balanceOf = (t: TestApp, userId: string) => t.app.services.wallet.balance(userId);

/** Sends one request to every breaks endpoint; none may answer anything but the API's 404. */
async function everyBreaksRoute(t: TestApp, headers: Record<string, string>) {
  const answers: { name: string; status: number; body: { message?: unknown; error?: unknown } }[] =
    [];
  const id = randomUUID();
  for (const [name, e] of Object.entries(breakEndpoints) as [string, Endpoint][]) {
    const res = await t.app.inject({
      method: e.method,
      url: endpointUrl(e, { id, hitId: id }),
      headers: {
        ...headers,
        ...(e.idempotent ? { 'idempotency-key': randomUUID() } : {}),
        ...(e.method === 'GET' ? {} : { 'content-type': 'application/json' }),
      },
      payload: e.method === 'GET' ? undefined : '{}',
    });
    answers.push({ name, status: res.statusCode, body: res.json() });
  }
  return answers;
}

describe('breaks with the flag off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BREAKS_ENABLED: 'false' } });
  });
  afterAll(() => t?.close());

  it('answers 404 in the error format on every breaks route, to anyone', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const collector = await createUser(t);
    for (const headers of [{}, collector.headers, admin.headers]) {
      for (const answer of await everyBreaksRoute(t, headers)) {
        expect(answer.status, answer.name).toBe(404);
        expect(typeof answer.body.message, answer.name).toBe('string');
        expect(answer.body.error, answer.name).toBe('Not Found');
      }
    }
    const config = (await t.app.inject({ url: '/api/config' })).json();
    expect(config.flags.BREAKS_ENABLED).toBe(false);
  });

  it('is on by default in development and staging, off in production and tests', async () => {
    expect(t.config.flags.BREAKS_ENABLED).toBe(false);
  });
});

describe('breaks', () => {
  let t: TestApp;
  let staff: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ env: BREAKS_ON });
    staff = await createUser(t, { role: 'admin' });
  });
  afterAll(() => t?.close());

  const getBreak = async (id: string, user?: TestUser) =>
    t.app.inject({ url: `/api/breaks/${id}`, headers: user?.headers ?? {} });

  describe('drafts and sales', () => {
    it('keeps drafts to staff, and opening sales publishes the seed hash', async () => {
      const draft = await createBreak(t, staff, { spots: 3 });
      expect(draft).toMatchObject({ status: 'draft', totalSpots: 3, minSpots: 3, spotsSold: 0 });
      expect(draft.fairness.serverSeedHash).toBeNull();
      expect((await getBreak(draft._id)).statusCode).toBe(404);
      const list = (await t.app.inject({ url: '/api/breaks' })).json().breaks as { _id: string }[];
      expect(list.some((b) => b._id === draft._id)).toBe(false);

      const opened = (await staffCommand(t, staff, draft._id, 'open')).break;
      expect(opened.status).toBe('open');
      expect(opened.fairness.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
      expect(opened.fairness.serverSeed).toBeNull();
      const shown = (await getBreak(draft._id)).json() as BreakDetailResponse;
      expect(shown.break.fairness).toEqual({
        serverSeedHash: opened.fairness.serverSeedHash,
        serverSeed: null,
      });
      expect(shown.break.spots.map((s) => s.holder)).toEqual([null, null, null]);
      // Staff-only fields never reach the public view.
      expect(shown.break).not.toHaveProperty('refunds');
      expect(shown.break.spots[0]).not.toHaveProperty('username');
    });

    it('lets a draft change in full, and a break on sale only its stream link and description', async () => {
      const draft = await createBreak(t, staff, { spots: 3 });
      const patch = (body: object) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/admin/breaks/${draft._id}`,
          headers: staff.headers,
          payload: body,
        });
      const changed = await patch({
        format: 'pick_team',
        teams: [{ name: 'Cubs', price: 40 }, { name: 'Mets' }, { name: 'Rays', price: 12.5 }],
        spotPrice: 20,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const spots = (changed.json().break as AdminBreak).spots;
      expect(spots.map((s) => [s.team, s.price])).toEqual([
        ['Cubs', 40],
        ['Mets', 20],
        ['Rays', 12.5],
      ]);
      await staffCommand(t, staff, draft._id, 'open');
      expect((await patch({ spotPrice: 1 })).statusCode).toBe(409);
      const live = await patch({ streamUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
      expect(live.statusCode, live.body).toBe(200);
      expect((await patch({ streamUrl: 'https://evil.example/stream' })).statusCode).toBe(400);
    });

    it('takes a product photo upload and shows it on the break', async () => {
      const draft = await createBreak(t, staff, { spots: 2 });
      const png = await sharp({
        create: { width: 40, height: 30, channels: 3, background: '#c33' },
      })
        .png()
        .toBuffer();
      const upload = (name: string, type: string, bytes: Buffer) => {
        const boundary = '----break-test-boundary';
        const head = Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
        );
        return t.app.inject({
          method: 'POST',
          url: `/api/admin/breaks/${draft._id}/images`,
          headers: {
            ...staff.headers,
            'content-type': `multipart/form-data; boundary=${boundary}`,
          },
          payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
        });
      };
      const res = await upload('box.png', 'image/png', png);
      expect(res.statusCode, res.body).toBe(201);
      const { imageId, url } = res.json();
      expect(url).toBe(`/api/images/${imageId}`);
      expect((await upload('notes.txt', 'text/plain', Buffer.from('hello'))).statusCode).toBe(415);
      const patched = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/breaks/${draft._id}`,
        headers: staff.headers,
        payload: { imageId },
      });
      expect(patched.json().break.imageUrl).toBe(url);
      const unknown = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/breaks/${draft._id}`,
        headers: staff.headers,
        payload: { imageId: 'no-such-image' },
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().field).toBe('imageId');
    });

    it('refuses bad input naming the field', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/breaks',
        headers: staff.headers,
        payload: {
          title: 'x',
          sport: 'Baseball',
          boxes: 1,
          packsPerBox: 1,
          format: 'random_team',
          spotPrice: 10,
          teams: [{ name: 'A' }, { name: 'a ' }],
          salesDeadline: new Date(Date.now() + 3600_000).toISOString(),
          scheduledAt: new Date(Date.now() + 7200_000).toISOString(),
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('teams');
      const collector = await createUser(t);
      const forbidden = await t.app.inject({
        method: 'POST',
        url: '/api/admin/breaks',
        headers: collector.headers,
        payload: {},
      });
      expect(forbidden.statusCode).toBe(403);
    });

    it('sells random-team spots from the wallet once per Idempotency-Key, in purchase order', async () => {
      const b = await openBreak(t, staff, { spots: 4, spotPrice: 25 });
      const buyer = await createUser(t);
      const broke = await createUser(t);
      await fund(t.database, buyer.id, 10_000);

      const short = await buySpots(t, broke, b._id, { quantity: 1 });
      expect(short.statusCode).toBe(402);
      expect(short.json()).toMatchObject({ shortfall: 25, balance: 0 });
      const unverified = await createUser(t, { verified: false });
      expect((await buySpots(t, unverified, b._id)).statusCode).toBe(403);
      const wrongShape = await buySpots(t, buyer, b._id, { spotNumbers: [1] });
      expect(wrongShape.statusCode).toBe(400);
      expect(wrongShape.json().field).toBe('spotNumbers');

      const key = randomUUID();
      const first = await buySpots(t, buyer, b._id, { quantity: 2, clientSeed: 'lucky' }, key);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({ charged: 50, balance: 50 });
      expect(
        first.json().spots.map((s: { spotNumber: number; k: number }) => [s.spotNumber, s.k]),
      ).toEqual([
        [1, 1],
        [2, 2],
      ]);
      const replay = await buySpots(t, buyer, b._id, { quantity: 2, clientSeed: 'lucky' }, key);
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(first.json());
      expect((await buySpots(t, buyer, b._id, { quantity: 1 }, key)).statusCode).toBe(422);
      expect(await balanceOf(t, buyer.id)).toBe(5_000);

      const tooMany = await buySpots(t, buyer, b._id, { quantity: 3 });
      expect(tooMany.statusCode).toBe(409);
      expect(tooMany.json().message).toBe('Only 2 spots are left.');
      const detail = (await getBreak(b._id, buyer)).json() as BreakDetailResponse;
      expect(detail.break.spotsSold).toBe(2);
      expect(detail.break.spots.map((s) => [s.holder, s.mine])).toEqual([
        [buyer.username, true],
        [buyer.username, true],
        [null, false],
        [null, false],
      ]);
    });

    it('shows a holder who hides their name as Anonymous', async () => {
      const b = await openBreak(t, staff, { spots: 2 });
      const shy = await createUser(t);
      await t.database.db.update(users).set({ pullsAnonymous: true }).where(eq(users.id, shy.id));
      await fund(t.database, shy.id, 5_000);
      expect((await buySpots(t, shy, b._id)).statusCode).toBe(201);
      const detail = (await getBreak(b._id)).json() as BreakDetailResponse;
      expect(detail.break.spots[0]!.holder).toBe('Anonymous');
    });

    it('sells pick-your-team spots at their own prices; a taken team is refused', async () => {
      const b = await openBreak(t, staff, {
        format: 'pick_team',
        spotPrice: 10,
        teams: [{ name: 'Yankees', price: 80 }, { name: 'Royals' }, { name: 'Pirates' }],
      });
      expect(b.spots.map((s) => s.team)).toEqual(['Yankees', 'Royals', 'Pirates']);
      const a = await createUser(t);
      const c = await createUser(t);
      await fund(t.database, a.id, 20_000);
      await fund(t.database, c.id, 20_000);
      expect((await buySpots(t, a, b._id, { quantity: 1 })).statusCode).toBe(400);
      const bought = await buySpots(t, a, b._id, { spotNumbers: [1, 3] });
      expect(bought.statusCode, bought.body).toBe(201);
      expect(bought.json().charged).toBe(90);
      const taken = await buySpots(t, c, b._id, { spotNumbers: [2, 3] });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe('Pirates is already taken. Choose another team.');
      expect(await balanceOf(t, c.id)).toBe(20_000);
      expect((await buySpots(t, c, b._id, { spotNumbers: [9] })).statusCode).toBe(400);
      const last = await buySpots(t, c, b._id, { spotNumbers: [2] });
      expect(last.statusCode).toBe(201);
      const detail = (await getBreak(b._id)).json() as BreakDetailResponse;
      expect(detail.break.status).toBe('filled');
      expect((await buySpots(t, c, b._id, { spotNumbers: [2] })).statusCode).toBe(409);
      expect(await saleInvariants(t.database, b._id)).toMatchObject({
        debitsUnmatched: 0,
        salesWithoutDebit: 0,
        walletsOff: 0,
      });
    });
  });

  describe('running a break', () => {
    it('draws the teams from the revealed seed, gives hits to their holders and ships them together', async () => {
      const b = await openBreak(t, staff, { spots: 4, spotPrice: 10, unownedHitRule: 'house' });
      const ann = await createUser(t);
      const bob = await createUser(t);
      await fund(t.database, ann.id, 10_000);
      await fund(t.database, bob.id, 10_000);
      expect(
        (await buySpots(t, ann, b._id, { quantity: 3, clientSeed: 'ann-seed' })).statusCode,
      ).toBe(201);
      // Staff cannot run a break that is still selling.
      const early = await t.app.inject({
        method: 'POST',
        url: `/api/admin/breaks/${b._id}/start`,
        headers: staff.headers,
      });
      expect(early.statusCode).toBe(409);
      expect((await buySpots(t, bob, b._id, { clientSeed: 'bob:seed' })).statusCode).toBe(201);

      const started = (await staffCommand(t, staff, b._id, 'start')).break;
      expect(started.status).toBe('live');
      expect(started.fairness.serverSeed).toMatch(/^[0-9a-f]{64}$/);

      // Anyone recomputes the assignment from the fairness record alone.
      const f = (
        await t.app.inject({ url: `/api/breaks/${b._id}/fairness` })
      ).json() as BreakFairnessResponse;
      expect(createHash('sha256').update(Buffer.from(f.serverSeed!, 'hex')).digest('hex')).toBe(
        b.fairness.serverSeedHash,
      );
      expect(f.purchases.map((p) => [p.k, p.clientSeed])).toEqual([
        [1, 'ann-seed'],
        [2, 'ann-seed'],
        [3, 'ann-seed'],
        [4, 'bob:seed'],
      ]);
      expect(f.publicInput).toBe('ann-seed,ann-seed,ann-seed,bob:seed');
      const order = [...f.teams];
      const seed = Buffer.from(f.serverSeed!, 'hex');
      for (let step = 1; step < order.length; step++) {
        const i = order.length - step;
        const remaining = i + 1;
        const limit = Math.floor(2 ** 32 / remaining) * remaining;
        let j = -1;
        for (let round = 0; j < 0; round++) {
          const msg =
            round === 0 ? `${f.publicInput}:${step}` : `${f.publicInput}:${step}:${round}`;
          const bytes = createHmac('sha256', seed).update(msg).digest();
          for (let o = 0; o < 32 && j < 0; o += 4) {
            const w = bytes.readUInt32BE(o);
            if (w < limit) j = w % remaining;
          }
        }
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      expect(f.assignments).toEqual(order.map((team, s) => ({ spotNumber: s + 1, team })));
      const detail = (await getBreak(b._id)).json() as BreakDetailResponse;
      expect(detail.break.spots.map((s) => s.team)).toEqual(order);
      expect(detail.break.fairness.serverSeed).toBe(f.serverSeed);

      // A hit goes to the holder of its team's spot; a team nobody holds stays with the house.
      const bobTeam = order[3]!;
      const hit = await t.app.inject({
        method: 'POST',
        url: `/api/admin/breaks/${b._id}/hits`,
        headers: staff.headers,
        payload: {
          cardName: 'Rookie Auto',
          team: bobTeam.toUpperCase(),
          detail: 'Gold /50',
          buybackPrice: 120,
        },
      });
      expect(hit.statusCode, hit.body).toBe(201);
      const hits = (hit.json().break as AdminBreak).hits;
      expect(hits[0]).toMatchObject({
        hitNumber: 1,
        team: bobTeam,
        spotNumber: 4,
        holder: bob.username,
        status: 'held',
        buybackPrice: 120,
      });
      const stray = await t.app.inject({
        method: 'POST',
        url: `/api/admin/breaks/${b._id}/hits`,
        headers: staff.headers,
        payload: { cardName: 'Base Refractor', team: 'Montreal Expos' },
      });
      expect((stray.json().break as AdminBreak).hits[1]).toMatchObject({
        holder: 'House',
        status: 'house',
        spotNumber: null,
      });
      const annHit = await t.app.inject({
        method: 'POST',
        url: `/api/admin/breaks/${b._id}/hits`,
        headers: staff.headers,
        payload: { cardName: 'Numbered Parallel', team: order[0], detail: 'PSA 10' },
      });
      expect(annHit.statusCode).toBe(201);

      // Claims wait for the end of the break.
      const tooSoon = await t.app.inject({
        method: 'POST',
        url: `/api/breaks/${b._id}/claim`,
        headers: bob.headers,
      });
      expect(tooSoon.statusCode).toBe(409);
      await staffCommand(t, staff, b._id, 'complete');

      // Bob sells his hit back for the price staff set; Ann claims hers.
      const mineBob = (
        await t.app.inject({ url: '/api/breaks/mine', headers: bob.headers })
      ).json() as MyBreaksResponse;
      const bobHit = mineBob.breaks[0]!.hits[0]!;
      expect(mineBob.breaks[0]).toMatchObject({ canClaim: true, shipment: null });
      // Self-excluded, Bob may not sell a hit back for more than his spot cost ($120 for $10).
      const excluded = await t.app.inject({
        method: 'POST',
        url: '/api/limits/self-exclusion',
        headers: bob.headers,
        payload: { period: '6m' },
      });
      expect(excluded.statusCode, excluded.body).toBe(200);
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/break-hits/${bobHit._id}/sell-back`,
        headers: bob.headers,
      });
      expect(refused.statusCode).toBe(403);
      expect(await balanceOf(t, bob.id)).toBe(10_000 - 1_000);
      // (The exclusion is lifted here by hand only so the rest of this story can go on.)
      await t.database.db.delete(playControls).where(eq(playControls.userId, bob.id));
      const sold = await t.app.inject({
        method: 'POST',
        url: `/api/break-hits/${bobHit._id}/sell-back`,
        headers: bob.headers,
      });
      expect(sold.statusCode, sold.body).toBe(200);
      expect(sold.json()).toMatchObject({ credited: 120, hit: { status: 'sold_back' } });
      expect(await balanceOf(t, bob.id)).toBe(10_000 - 1_000 + 12_000);
      const twice = await t.app.inject({
        method: 'POST',
        url: `/api/break-hits/${bobHit._id}/sell-back`,
        headers: bob.headers,
      });
      expect(twice.statusCode).toBe(409);
      const someoneElse = await t.app.inject({
        method: 'POST',
        url: `/api/break-hits/${bobHit._id}/sell-back`,
        headers: ann.headers,
      });
      expect(someoneElse.statusCode).toBe(404);

      const claim = await t.app.inject({
        method: 'POST',
        url: `/api/breaks/${b._id}/claim`,
        headers: ann.headers,
      });
      expect(claim.statusCode, claim.body).toBe(200);
      const claimed = claim.json().break;
      expect(claimed.hits.map((h: { status: string }) => h.status)).toEqual(['claimed']);
      const shipBy = Date.parse(claimed.shipment.shipBy);
      expect(shipBy - Date.now()).toBeGreaterThan(47 * 3600_000);
      expect(shipBy - Date.now()).toBeLessThanOrEqual(48 * 3600_000);
      const again = await t.app.inject({
        method: 'POST',
        url: `/api/breaks/${b._id}/claim`,
        headers: ann.headers,
      });
      expect(again.statusCode).toBe(409);

      // The combined shipment is a vault box in the staff queue with the 48-hour clock; shipping it
      // ships the hits.
      const due = (
        await t.app.inject({ url: '/api/admin/shipments', headers: staff.headers })
      ).json().shipments as {
        _id: string;
        sourceType: string;
        items: string[];
        username: string;
        cards?: { name: string; grade: string }[];
      }[];
      const box = due.find((s) => s.sourceType === 'vault' && s.username === ann.username);
      expect(box?.items).toEqual(['Numbered Parallel']);
      expect(box).toMatchObject({ cards: [{ name: 'Numbered Parallel', grade: 'PSA 10' }] });
      const shipped = await t.app.inject({
        method: 'POST',
        url: `/api/admin/shipments/${box!._id}/ship`,
        headers: staff.headers,
        payload: { carrier: 'USPS', trackingNumber: '9400TEST0001' },
      });
      expect(shipped.statusCode, shipped.body).toBe(200);
      const after = (
        await t.app.inject({ url: '/api/breaks/mine', headers: ann.headers })
      ).json() as MyBreaksResponse;
      expect(after.breaks[0]!.hits[0]!.status).toBe('shipped');
      expect(after.breaks[0]!.shipment).toMatchObject({ status: 'shipped', carrier: 'USPS' });

      // Every staff command left its audit record.
      const actions = (await t.app.services.audit.forSubject('break', b._id)).map((r) => r.action);
      expect(actions).toEqual([
        'break.create',
        'break.open',
        'break.start',
        'break.hit',
        'break.hit',
        'break.hit',
        'break.complete',
      ]);
    });

    it('runs at the deadline with its minimum sold; unsold teams stay with the house', async () => {
      const b = await openBreak(t, staff, { spots: 4, minSpots: 2, unownedHitRule: 'random_spot' });
      const buyer = await createUser(t);
      await fund(t.database, buyer.id, 10_000);
      expect((await buySpots(t, buyer, b._id, { quantity: 2 })).statusCode).toBe(201);
      await passDeadline(t.database, b._id);
      expect((await buySpots(t, buyer, b._id)).statusCode).toBe(409);
      const started = (await staffCommand(t, staff, b._id, 'start')).break;
      const unsold = started.spots.find((s) => !s.sold)!;
      const add = (team: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/breaks/${b._id}/hits`,
          headers: staff.headers,
          payload: { cardName: 'Hit', team },
        });
      const house = (await add(unsold.team!)).json().break as AdminBreak;
      expect(house.hits[0]).toMatchObject({ holder: 'House', status: 'house' });
      // A team on no spot, under the random-spot rule, goes to a sold spot.
      const drawn = (await add('Nobody FC')).json().break as AdminBreak;
      expect(drawn.hits[1]).toMatchObject({ holder: buyer.username, status: 'held' });
      expect([1, 2]).toContain(drawn.hits[1]!.spotNumber);
    });
  });

  describe('refunds', () => {
    it('refunds every buyer of an unfilled break exactly once, even when the refund runs twice', async () => {
      const b = await openBreak(t, staff, { spots: 5, spotPrice: 30 });
      const buyers = [await createUser(t), await createUser(t), await createUser(t)];
      for (const u of buyers) await fund(t.database, u.id, 10_000);
      for (const [i, u] of buyers.entries()) {
        expect((await buySpots(t, u, b._id, { quantity: i + 1 > 2 ? 1 : i + 1 })).statusCode).toBe(
          201,
        );
      }
      const sold = (await saleInvariants(t.database, b._id)).sales.n;
      expect(sold).toBe(4);
      await passDeadline(t.database, b._id);

      // Two instances sweep at once, then again: the break is cancelled once, each spot refunded once.
      const breaks = t.app.services.breaks;
      const runs = await Promise.all([
        breaks.refunds.sweepDue(b._id),
        breaks.refunds.sweepDue(b._id),
      ]);
      expect(runs.map((r) => r.cancelled).sort()).toEqual([0, 1]);
      expect((await breaks.refunds.sweepDue()).cancelled).toBe(0);
      // A direct second refund of the same break finds nothing left to refund.
      expect(
        await t.database.db.transaction((tx) => breaks.refunds.refundSales(b._id, 'again', tx)),
      ).toBe(0);

      for (const u of buyers) expect(await balanceOf(t, u.id)).toBe(10_000);
      const perSale = await refundsPerSale(t.database, b._id);
      expect(perSale).toHaveLength(4);
      expect(perSale.every((r) => r.refunds === 1 && r.amount === 3_000)).toBe(true);
      const detail = (await getBreak(b._id)).json() as BreakDetailResponse;
      expect(detail.break.status).toBe('cancelled');
      // Nothing to run or cancel any more.
      const cancel = await t.app.inject({
        method: 'POST',
        url: `/api/admin/breaks/${b._id}/cancel`,
        headers: staff.headers,
      });
      expect(cancel.statusCode).toBe(409);

      // The ledger itself refuses a second refund of one sale.
      const [sale] = await t.database.db
        .select()
        .from(breakSpotSales)
        .where(eq(breakSpotSales.breakId, b._id))
        .limit(1);
      await expect(
        t.database.db.insert(walletLedger).values({
          userId: sale!.userId,
          amountCents: 1,
          balanceAfterCents: 1,
          kind: 'refund',
          refType: 'break_spot',
          refId: sale!.id,
          description: 'duplicate',
        }),
      ).rejects.toThrow();
    });

    it('refunds every spot when staff cancel, once', async () => {
      const b = await openBreak(t, staff, { spots: 3, spotPrice: 15 });
      const u = await createUser(t);
      await fund(t.database, u.id, 5_000);
      await buySpots(t, u, b._id, { quantity: 2 });
      expect(await balanceOf(t, u.id)).toBe(2_000);
      const [first, second] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: `/api/admin/breaks/${b._id}/cancel`,
          headers: staff.headers,
        }),
        t.app.inject({
          method: 'POST',
          url: `/api/admin/breaks/${b._id}/cancel`,
          headers: staff.headers,
        }),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
      const ok = first.statusCode === 200 ? first : second;
      expect(ok.json().refunded).toBe(2);
      expect(await balanceOf(t, u.id)).toBe(5_000);
      const ledger = await t.database.db.execute(
        sql`select count(*)::int n from wallet_ledger where user_id = ${u.id} and kind = 'refund'`,
      );
      expect((ledger as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
    });
  });

  describe('live events', () => {
    it('streams the shuffle step by step, each spot’s team, then each hit', async () => {
      const b = await openBreak(t, staff, { spots: 3, spotPrice: 5 });
      const buyer = await createUser(t);
      await fund(t.database, buyer.id, 5_000);
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const controller = new AbortController();
      const res = await fetch(`${address}/api/breaks/${b._id}/events`, {
        signal: controller.signal,
      });
      expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
      const reader = res.body!.getReader();
      let text = '';
      const readUntil = async (pattern: RegExp) => {
        for (let match = pattern.exec(text); !match; match = pattern.exec(text)) {
          const { value, done } = await reader.read();
          if (done) return null;
          text += new TextDecoder().decode(value);
        }
        return pattern.exec(text);
      };
      expect(await readUntil(/: connected\n\n/)).not.toBeNull();
      await buySpots(t, buyer, b._id, { quantity: 3 });
      expect(await readUntil(/event: spots\ndata: .*"spotsSold":3/)).not.toBeNull();
      await staffCommand(t, staff, b._id, 'start');
      const steps = await readUntil(/(event: step\ndata: .*\n\n[^]*){2}/);
      expect(steps).not.toBeNull();
      const stepEvents = [...text.matchAll(/event: step\ndata: (.*)\n\n/g)].map(
        (m) => JSON.parse(m[1]!) as BreakStepEvent,
      );
      expect(stepEvents.map((s) => s.step)).toEqual([1, 2]);
      expect(await readUntil(/(event: assignment\ndata: .*\n\n[^]*){3}/)).not.toBeNull();
      const final = stepEvents.at(-1)!.order;
      const assigned = [...text.matchAll(/event: assignment\ndata: (.*)\n\n/g)].map((m) =>
        JSON.parse(m[1]!),
      );
      expect(assigned.map((a) => [a.spotNumber, a.team, a.holder])).toEqual(
        final.map((team, i) => [i + 1, team, buyer.username]),
      );
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/breaks/${b._id}/hits`,
        headers: staff.headers,
        payload: { cardName: 'Live Hit', team: final[1] },
      });
      const hit = await readUntil(/event: hit\ndata: (.*)\n\n/);
      controller.abort();
      const event = JSON.parse(hit![1]!) as BreakHitEvent;
      expect(event.hit).toMatchObject({
        cardName: 'Live Hit',
        spotNumber: 2,
        holder: buyer.username,
      });
    });

    it('answers 404 for the events of a break nobody may see', async () => {
      const res = await t.app.inject({ url: `/api/breaks/${randomUUID()}/events` });
      expect(res.statusCode).toBe(404);
    });
  });
});
