import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseChecklistResponse, PublicPull } from '@grail/contract';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, type TestUser } from '../../../test/users.js';
import { createLiveCase } from '../../../test/fixtures/grail.js';
import { fund } from '../../../test/fixtures/wallet.js';

let t: TestApp;
let caseId: string;
let n = 0;

async function buyOne(user: TestUser): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/grail-cases/${caseId}/packs`,
    headers: { ...user.headers, 'idempotency-key': `public-pull-${++n}-${Date.now()}` },
    payload: {},
  });
  expect(res.statusCode).toBe(201);
  return res.json().pull._id;
}

const setAnonymous = (user: TestUser, pullsAnonymous: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/pulls/preferences',
    headers: user.headers,
    payload: { clientSeed: 'my-seed', pullsAnonymous },
  });

describe(`public pull pages and the case checklist (${testEngine})`, () => {
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    ({ caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, {
      size: 12,
      packPrice: 20,
    }));
    owner = await createUser(t);
    await fund(t.database, owner.id, 100_000);
  });
  afterAll(() => t?.close());

  it('shows a pull to anyone, signed out, with the username and nothing private', async () => {
    const pullId = await buyOne(owner);
    const res = await t.app.inject({ url: `/api/pulls/${pullId}/public` });
    expect(res.statusCode).toBe(200);
    const pull: PublicPull = res.json().pull;
    expect(pull).toMatchObject({
      _id: pullId,
      caseId,
      packPrice: 20,
      pulledBy: owner.username,
      k: 1,
      proof: { k: 1, clientSeed: expect.any(String) },
    });
    expect(pull.card.fmv).toBeGreaterThan(0);
    expect(pull.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    const text = res.body;
    expect(text).not.toContain(owner.id);
    expect(text).not.toContain(owner.email);
    expect(text).not.toContain('Card Street');
    expect(Object.keys(pull)).not.toContain('sellBack');
    expect(Object.keys(pull)).not.toContain('shipment');
  });

  it("shows 'Anonymous' when the collector chose it, and the name again when they change back", async () => {
    const pullId = await buyOne(owner);
    expect((await setAnonymous(owner, true)).statusCode).toBe(200);
    const hidden = await t.app.inject({ url: `/api/pulls/${pullId}/public` });
    expect(hidden.json().pull.pulledBy).toBe('Anonymous');
    expect(hidden.body).not.toContain(owner.username);
    expect((await setAnonymous(owner, false)).statusCode).toBe(200);
    const shown = await t.app.inject({ url: `/api/pulls/${pullId}/public` });
    expect(shown.json().pull.pulledBy).toBe(owner.username);
  });

  it('answers 404 for an unknown pull and 400 for a malformed id', async () => {
    const missing = await t.app.inject({
      url: '/api/pulls/00000000-0000-4000-8000-000000000000/public',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'No pull with this id.', error: 'Not Found' });
    const bad = await t.app.inject({ url: '/api/pulls/%3Cscript%3E/public' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'Bad Request' });
  });

  it('lists every card of the case by tier, the pulled ones marked, with odds over the rest', async () => {
    const res = await t.app.inject({ url: `/api/grail-cases/${caseId}/checklist` });
    expect(res.statusCode).toBe(200);
    const list: CaseChecklistResponse = res.json();
    const all = list.tiers.flatMap((tier) => tier.cards);
    expect(all).toHaveLength(12);
    expect(list.totalItems).toBe(12);
    const pulled = all.filter((c) => c.pulled);
    expect(pulled).toHaveLength(12 - list.remaining);
    expect(pulled.length).toBeGreaterThanOrEqual(2);
    for (const tier of list.tiers) {
      expect(tier.total).toBe(tier.cards.length);
      expect(tier.remaining).toBe(tier.cards.filter((c) => !c.pulled).length);
      expect(tier.probability).toBeCloseTo(tier.remaining / list.remaining, 10);
      for (const card of tier.cards) expect(card.tier).toBe(tier.name);
    }
    const unknown = await t.app.inject({
      url: '/api/grail-cases/00000000-0000-4000-8000-000000000000/checklist',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
