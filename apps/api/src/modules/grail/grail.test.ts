import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FairnessResponse, PullEvent, PullResponse } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { cards, grailCases, pulls, users, wallets } from '../../db/schema/index.js';
import { SeedVault } from './fairness.js';
import {
  closeOpenCases,
  createLiveCase,
  purchaseInvariants,
  redrawnMismatches,
} from '../../../test/fixtures/grail.js';
import { STREAMS_PER_CLIENT } from './grail.routes.js';
import { fund } from '../../../test/fixtures/wallet.js';

let t: TestApp;
let key = 0;
const nextKey = () => `test-key-${Date.now()}-${++key}`;

async function buy(user: TestUser, caseId: string, opts: { key?: string; body?: object } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/grail-cases/${caseId}/packs`,
    headers: { ...user.headers, 'idempotency-key': opts.key ?? nextKey() },
    payload: opts.body ?? {},
  });
}

const balanceOf = async (userId: string) =>
  (await t.database.db.select().from(wallets).where(eq(wallets.userId, userId)))[0]?.balanceCents ??
  0;

/** Closes every open case so each test starts with "no live case". */
const closeAll = () => closeOpenCases(t.database, t.app.services.grailAdmin);

describe(`Grail Machine (${testEngine})`, () => {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());
  beforeEach(closeAll);

  describe('status semantics', () => {
    it('answers 404 when no case is live, so the home page reads it as inactive', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/grail-cases/active' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: expect.any(String), error: 'Not Found' });
    });

    it('shows the live case with price, remaining, floor, EV, odds and commitments', async () => {
      const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, {
        size: 12,
        packPrice: 49.99,
      });
      const res = await t.app.inject({ method: 'GET', url: '/api/grail-cases/active' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        caseId,
        packPrice: 49.99,
        activationTime: null,
        status: 'active',
        totalItems: 12,
        remaining: 12,
        serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        contentsHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(body.floorValue).toBe(5);
      expect(body.expectedValue).toBeGreaterThan(body.floorValue);
      expect(body.tiers.map((x: { name: string }) => x.name)).toEqual(['Grail', 'Chase', 'Base']);
      const sum = body.tiers.reduce(
        (a: number, x: { probability: number }) => a + x.probability,
        0,
      );
      expect(sum).toBeCloseTo(1, 9);
    });

    it('shows an upcoming case with its activation time and refuses packs until then', async () => {
      const opensAt = new Date(Date.now() + 3600_000).toISOString();
      const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, {
        size: 3,
        activationTime: opensAt,
      });
      const res = await t.app.inject({ method: 'GET', url: '/api/grail-cases/active' });
      expect(res.json()).toMatchObject({ caseId, status: 'scheduled', activationTime: opensAt });
      const user = await createUser(t);
      await fund(t.database, user.id, 10_000);
      const bought = await buy(user, caseId);
      expect(bought.statusCode).toBe(409);
      expect(bought.json().message).toBe(`This case opens at ${opensAt}.`);
      expect(await balanceOf(user.id)).toBe(10_000);
    });

    it('a sold-out case is no longer "active" (404) and refuses packs with 409', async () => {
      const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 2 });
      const user = await createUser(t);
      await fund(t.database, user.id, 10_000);
      expect((await buy(user, caseId)).statusCode).toBe(201);
      expect((await buy(user, caseId)).statusCode).toBe(201);
      const third = await buy(user, caseId);
      expect(third.statusCode).toBe(409);
      expect(third.json()).toMatchObject({ message: 'This case is sold out.', error: 'Conflict' });
      expect((await t.app.inject({ url: '/api/grail-cases/active' })).statusCode).toBe(404);
      const detail = await t.app.inject({ url: `/api/grail-cases/${caseId}` });
      expect(detail.json()).toMatchObject({ status: 'sold_out', remaining: 0, totalItems: 2 });
      expect(await balanceOf(user.id)).toBe(10_000 - 2 * 2500);
    });
  });

  describe('buying a pack', () => {
    it('debits the price, draws a card, records the proof and answers the same key once', async () => {
      const { caseId, cardIds } = await createLiveCase(t.database, t.app.services.grailAdmin, {
        size: 5,
        packPrice: 25,
      });
      const user = await createUser(t);
      await fund(t.database, user.id, 10_000);
      const k = nextKey();
      const res = await buy(user, caseId, { key: k, body: { clientSeed: 'my-lucky-seed' } });
      expect(res.statusCode).toBe(201);
      const { pull } = res.json() as PullResponse;
      expect(pull).toMatchObject({
        caseId,
        k: 1,
        totalItems: 5,
        status: 'revealed',
        price: 25,
        proof: { clientSeed: 'my-lucky-seed', k: 1, remainingBefore: 5 },
        sellBack: { percent: 85 },
      });
      expect(cardIds).toContain(pull.card._id);
      expect(pull.card.imageUrl).toMatch(/^\/api\/images\//);
      expect(await balanceOf(user.id)).toBe(7_500);

      const again = await buy(user, caseId, { key: k, body: { clientSeed: 'my-lucky-seed' } });
      expect(again.statusCode).toBe(201);
      expect(again.json().pull._id).toBe(pull._id);
      expect(await balanceOf(user.id)).toBe(7_500);

      const [card] = await t.database.db.select().from(cards).where(eq(cards.id, pull.card._id));
      expect(card!.status).toBe('pulled');
      const inv = await purchaseInvariants(t.database, caseId);
      expect(inv).toMatchObject({ debitsWithoutPull: 0, pullsWithoutDebit: 0, walletsOff: 0 });
    });

    it('starts again, charging once, when its pull number moved past the draws it computed', async () => {
      const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 6 });
      const user = await createUser(t);
      await fund(t.database, user.id, 100_000);
      expect((await buy(user, caseId)).statusCode).toBe(201);
      const grail = t.app.services.grail.purchases;
      const draw = grail.drawCandidates.bind(grail);
      // As if more buyers had got the lock first than there were candidates: the first try draws
      // only for pull 1, which is taken, so the statement takes pull 2 and finds no draw for it.
      const spy = vi
        .spyOn(grail, 'drawCandidates')
        .mockImplementationOnce((seed, clientSeed, remaining, _count, total) => ({
          ...draw(seed, clientSeed, remaining, 1, total),
          base: remaining.k - 1,
        }));
      const res = await buy(user, caseId);
      const tries = spy.mock.calls.length;
      spy.mockRestore();
      expect(res.statusCode).toBe(201);
      expect(tries).toBe(2);
      expect((res.json() as PullResponse).pull.k).toBe(2);
      expect(await balanceOf(user.id)).toBe(100_000 - 2 * 2500);
      const inv = await purchaseInvariants(t.database, caseId);
      expect(inv).toMatchObject({
        pulls: { n: 2, cards: 2, ks: 2, maxk: 2 },
        debitsWithoutPull: 0,
        pullsWithoutDebit: 0,
        walletsOff: 0,
        counter: { pulls_count: 2 },
      });
      expect(
        await redrawnMismatches(t.database, new SeedVault(t.config.APP_SECRET!), caseId),
      ).toEqual([]);
    });

    it('answers a repeated key with the first answer, even after the card was sold back and renamed', async () => {
      const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 3 });
      const user = await createUser(t);
      await fund(t.database, user.id, 10_000);
      const k = nextKey();
      const first = await buy(user, caseId, { key: k });
      expect(first.statusCode).toBe(201);
      const { pull } = first.json() as PullResponse;
      const sold = await t.app.inject({
        method: 'POST',
        url: `/api/pulls/${pull._id}/sell-back`,
        headers: user.headers,
      });
      expect(sold.statusCode).toBe(200);
      await t.database.db
        .update(cards)
        .set({ name: 'Renamed in inventory', imageIds: ['other-image'] })
        .where(eq(cards.id, pull.card._id));
      const again = await buy(user, caseId, { key: k });
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      const otherSeed = await buy(user, caseId, { key: k, body: { clientSeed: 'another-seed' } });
      expect(otherSeed.statusCode).toBe(422);
    });

    it('402 with the shortfall when the balance is short, and nothing is written', async () => {
      const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, {
        size: 3,
        packPrice: 25,
      });
      const user = await createUser(t);
      await fund(t.database, user.id, 1_000);
      const res = await buy(user, caseId);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({ shortfall: 15, balance: 10 });
      expect(await balanceOf(user.id)).toBe(1_000);
      const [c] = await t.database.db.select().from(grailCases).where(eq(grailCases.id, caseId));
      expect(c!.pullsCount).toBe(0);
      expect(await t.database.db.select().from(pulls).where(eq(pulls.caseId, caseId))).toEqual([]);
    });

    it('rejects bad input and unknown cases with clear 4xx answers', async () => {
      const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 2 });
      const user = await createUser(t);
      await fund(t.database, user.id, 10_000);

      const badId = await buy(user, 'not-a-uuid');
      expect(badId.statusCode).toBe(400);
      expect(badId.json().message).toMatch(/caseId/);

      const unknown = await buy(user, '00000000-0000-4000-8000-000000000000');
      expect(unknown.statusCode).toBe(404);

      const noKey = await t.app.inject({
        method: 'POST',
        url: `/api/grail-cases/${caseId}/packs`,
        headers: user.headers,
        payload: {},
      });
      expect(noKey.statusCode).toBe(400);
      expect(noKey.json().message).toBe('The Idempotency-Key header is required.');

      const badSeed = await buy(user, caseId, { body: { clientSeed: 'has spaces in it' } });
      expect(badSeed.statusCode).toBe(400);
      expect(badSeed.json().message).toMatch(/clientSeed/);

      const anonymous = await t.app.inject({
        method: 'POST',
        url: `/api/grail-cases/${caseId}/packs`,
        headers: { 'idempotency-key': nextKey() },
      });
      expect(anonymous.statusCode).toBe(401);

      const noBody = await t.app.inject({
        method: 'POST',
        url: `/api/grail-cases/${caseId}/packs`,
        headers: { ...user.headers, 'idempotency-key': nextKey() },
      });
      expect(noBody.statusCode).toBe(201);

      const unverified = await createUser(t, { verified: false });
      await fund(t.database, unverified.id, 10_000);
      const refused = await buy(unverified, caseId);
      expect(refused.statusCode).toBe(403);
      expect(await balanceOf(unverified.id)).toBe(10_000);

      expect((await t.app.inject({ url: '/api/grail-cases/nope' })).statusCode).toBe(400);
      expect(
        (await t.app.inject({ url: '/api/grail-cases/recent-pulls?limit=abc' })).statusCode,
      ).toBe(400);
      const inv = await purchaseInvariants(t.database, caseId);
      expect(inv.pulls.n).toBe(1);
    });

    it('lists recent pulls newest first, with Anonymous for collectors who chose it', async () => {
      const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 4 });
      const shown = await createUser(t);
      const hidden = await createUser(t);
      await t.database.db
        .update(users)
        .set({ pullsAnonymous: true })
        .where(eq(users.id, hidden.id));
      for (const u of [shown, hidden]) await fund(t.database, u.id, 10_000);
      await buy(shown, caseId);
      await buy(hidden, caseId);
      const res = await t.app.inject({ url: '/api/grail-cases/recent-pulls?limit=2' });
      expect(res.statusCode).toBe(200);
      const list = res.json().pulls;
      expect(list).toHaveLength(2);
      expect(list[0]).toMatchObject({ pulledBy: 'Anonymous', imageUrl: expect.any(String) });
      expect(list[1].pulledBy).toBe(shown.username);
      expect(Object.keys(list[0]).sort()).toEqual(
        ['_id', 'fmv', 'grade', 'imageUrl', 'images', 'name', 'pulledAt', 'pulledBy'].sort(),
      );
    });

    it('pushes each pull to server-sent event listeners', async () => {
      const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 3 });
      const user = await createUser(t);
      await fund(t.database, user.id, 10_000);
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const controller = new AbortController();
      const res = await fetch(`${address}/api/grail-cases/events`, { signal: controller.signal });
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
      // The server says 'connected' once it LISTENs; a pull bought after that must arrive.
      expect(await readUntil(/: connected\n\n/)).not.toBeNull();
      const bought = (await buy(user, caseId)).json() as PullResponse;
      const match = await readUntil(/event: pull\ndata: (.*)\n\n/);
      const event = match ? (JSON.parse(match[1]!) as PullEvent) : null;
      controller.abort();
      expect(event).toMatchObject({ caseId, k: 1, remaining: 2, totalItems: 3 });
      expect(event!.pull._id).toBe(bought.pull._id);
    });

    it('caps the live streams one client may hold open (429 with Retry-After), freeing on close', async () => {
      // The stream test above already listens; reuse its port (its own stream may still be closing).
      const { port } = t.app.server.address() as { port: number };
      const address = `http://127.0.0.1:${port}`;
      const controllers: AbortController[] = [];
      let refused: Response | undefined;
      for (let i = 0; i <= STREAMS_PER_CLIENT && !refused; i++) {
        const c = new AbortController();
        const res = await fetch(`${address}/api/grail-cases/events`, { signal: c.signal });
        if (res.status === 200) controllers.push(c);
        else refused = res;
      }
      expect(controllers.length).toBeGreaterThan(0);
      expect(controllers.length).toBeLessThanOrEqual(STREAMS_PER_CLIENT);
      expect(refused?.status).toBe(429);
      expect(refused!.headers.get('retry-after')).toBe('30');
      expect(await refused!.json()).toMatchObject({ error: 'Too Many Requests' });
      controllers[0]!.abort();
      // The server sees the close and frees the slot.
      let again: Response | undefined;
      for (let i = 0; i < 100 && again?.status !== 200; i++) {
        await new Promise((r) => setTimeout(r, 50));
        const c = new AbortController();
        again = await fetch(`${address}/api/grail-cases/events`, { signal: c.signal });
        c.abort();
      }
      expect(again?.status).toBe(200);
      for (const c of controllers) c.abort();
    });
  });

  describe('fairness', () => {
    it('publishes the seed only after the case ends, and every pull recomputes from it', async () => {
      const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 6 });
      const user = await createUser(t);
      await fund(t.database, user.id, 100_000);
      const before = (await t.app.inject({ url: `/api/grail-cases/${caseId}/fairness` })).json();
      expect(before.serverSeed).toBeNull();
      for (let i = 0; i < 6; i++) expect((await buy(user, caseId)).statusCode).toBe(201);
      const res = await t.app.inject({ url: `/api/grail-cases/${caseId}/fairness` });
      const f = res.json() as FairnessResponse;
      expect(f.serverSeed).toMatch(/^[0-9a-f]{64}$/);
      const seed = Buffer.from(f.serverSeed!, 'hex');
      expect(createHash('sha256').update(seed).digest('hex')).toBe(f.serverSeedHash);
      const canonical = f.contents.map((e) => [
        e.position,
        e.cardId,
        e.grader,
        e.grade,
        e.certNumber,
        e.fmvCents,
      ]);
      expect(createHash('sha256').update(JSON.stringify(canonical)).digest('hex')).toBe(
        f.contentsHash,
      );
      // Independent re-implementation of the rule in docs/fairness.md.
      let remaining = f.contents.map((e) => e.position);
      for (const p of f.pulls) {
        expect(p.remainingBefore).toBe(remaining.length);
        const limit = Math.floor(2 ** 32 / remaining.length) * remaining.length;
        let index = -1;
        for (let round = 0; index < 0; round++) {
          const msg = round === 0 ? `${p.clientSeed}:${p.k}` : `${p.clientSeed}:${p.k}:${round}`;
          const d = createHmac('sha256', seed).update(msg).digest();
          for (let o = 0; o < 32 && index < 0; o += 4) {
            const w = d.readUInt32BE(o);
            if (w < limit) index = w % remaining.length;
          }
        }
        expect(remaining[index]).toBe(p.position);
        const card = f.contents.find((e) => e.position === p.position)!;
        expect(card.cardId).toBe(p.cardId);
        remaining = remaining.filter((pos) => pos !== p.position);
      }
    });

    it('404 for an unknown case and 400 for a malformed id', async () => {
      expect(
        (
          await t.app.inject({
            url: '/api/grail-cases/00000000-0000-4000-8000-000000000000/fairness',
          })
        ).statusCode,
      ).toBe(404);
      expect((await t.app.inject({ url: '/api/grail-cases/x/fairness' })).statusCode).toBe(400);
    });
  });
});
