import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.js';
import { createUser, postAs, TEST_ADDRESS, type TestUser } from '../../../test/users.js';
import { createLiveCase } from '../../../test/fixtures/grail.js';
import { insertCard } from '../../../test/fixtures/catalog.js';
import { migrationStatements } from '../../../test/fixtures/migrations.js';
import { fund } from '../../../test/fixtures/wallet.js';
import {
  holdings,
  orderItems,
  orders,
  pulls,
  shipments,
  type ShippingAddress,
} from '../../db/schema/index.js';

/** Migration 0021's statements that turn existing pulls and orders into holdings. */
const backfill = migrationStatements('0021_vault.sql', 'INSERT INTO "holdings"');

// Engine-independent SQL: runs on the PGlite project (the statements are plain PostgreSQL).
describe.runIf(testEngine === 'pglite')(
  'migration 0021: holdings of existing pulls and orders',
  () => {
    let t: TestApp;
    let user: TestUser;

    beforeAll(async () => {
      t = await createTestApp();
      user = await createUser(t);
      await fund(t.database, user.id, 100_000);
    });
    afterAll(() => t?.close());

    /** A box as the store made them before the vault: one per pull or order. */
    const legacyBox = async (
      sourceType: 'pull' | 'order',
      sourceId: string,
      status: 'pending' | 'shipped',
    ) => {
      const [box] = await t.database.db
        .insert(shipments)
        .values({
          userId: user.id,
          sourceType,
          sourceId,
          address: TEST_ADDRESS as ShippingAddress,
          status,
          shipBy: new Date(Date.now() + 48 * 3_600_000),
        })
        .returning();
      return box!;
    };

    it('gives every pull and paid order the state it was in', async () => {
      expect(backfill).toHaveLength(2);
      const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 4 });
      const pullIds: string[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await postAs(t, user, `/api/grail-cases/${caseId}/packs`, {});
        expect(res.statusCode).toBe(201);
        pullIds.push(res.json().pull._id);
      }
      const [revealed, claimed, shipped, soldBack] = pullIds as [string, string, string, string];
      // The pulls as they were before the vault: their status and their own boxes.
      const claimBox = await legacyBox('pull', claimed, 'pending');
      const sentBox = await legacyBox('pull', shipped, 'shipped');
      await t.database.db
        .update(pulls)
        .set({ status: 'claimed', shipmentId: claimBox.id, claimedAt: new Date() })
        .where(eq(pulls.id, claimed));
      await t.database.db
        .update(pulls)
        .set({ status: 'shipped', shipmentId: sentBox.id, claimedAt: new Date() })
        .where(eq(pulls.id, shipped));
      await t.database.db
        .update(pulls)
        .set({ status: 'sold_back', soldBackAt: new Date(), buybackCents: 100 })
        .where(eq(pulls.id, soldBack));

      const legacyOrder = async (status: 'paid' | 'shipped' | 'cancelled', box: boolean) => {
        const card = await insertCard(t.database.db, { status: 'sold' });
        const [order] = await t.database.db
          .insert(orders)
          .values({ userId: user.id, status, totalCents: 12_000, shippingAddress: TEST_ADDRESS })
          .returning();
        await t.database.db
          .insert(orderItems)
          .values({ orderId: order!.id, cardId: card.id, priceCents: 12_000, name: card.name });
        const sent = box
          ? await legacyBox('order', order!.id, status === 'shipped' ? 'shipped' : 'pending')
          : null;
        return { order: order!, card, box: sent };
      };
      const paid = await legacyOrder('paid', true);
      const sentOrder = await legacyOrder('shipped', true);
      const cancelled = await legacyOrder('cancelled', false);

      // Undo what the vault wrote since, then run the migration's backfill over the old shapes.
      const userHoldings = eq(holdings.userId, user.id);
      await t.database.db.delete(holdings).where(userHoldings);
      for (const statement of backfill) await t.database.db.execute(sql.raw(statement));

      const rows = await t.database.db.select().from(holdings).where(userHoldings);
      const bySource = new Map(rows.map((h) => [h.sourceId, h]));
      expect(rows).toHaveLength(6);
      expect(bySource.get(revealed)).toMatchObject({ state: 'in_vault', shipmentId: null });
      expect(bySource.get(claimed)).toMatchObject({
        state: 'ship_requested',
        shipmentId: claimBox.id,
      });
      expect(bySource.get(shipped)).toMatchObject({ state: 'shipped', shipmentId: sentBox.id });
      expect(bySource.get(soldBack)).toMatchObject({ state: 'sold_back', shipmentId: null });
      const pullRows = await t.database.db.select().from(pulls).where(inArray(pulls.id, pullIds));
      for (const p of pullRows)
        expect(bySource.get(p.id)).toMatchObject({
          source: 'pull',
          cardId: p.cardId,
          costCents: p.priceCents,
        });
      expect(bySource.get(paid.order.id)).toMatchObject({
        source: 'order',
        state: 'ship_requested',
        shipmentId: paid.box!.id,
        cardId: paid.card.id,
        costCents: 12_000,
      });
      expect(bySource.get(sentOrder.order.id)).toMatchObject({
        state: 'shipped',
        shipmentId: sentOrder.box!.id,
      });
      expect(bySource.has(cancelled.order.id)).toBe(false);

      // The vault and the pulls read the migrated states.
      const vault = (await t.app.inject({ url: '/api/vault?state=all', headers: user.headers }))
        .json()
        .holdings.map((h: { sourceId: string; state: string }) => [h.sourceId, h.state]);
      expect(new Map(vault).get(claimed)).toBe('ship_requested');
      const claimedView = (
        await t.app.inject({ url: `/api/pulls/${claimed}`, headers: user.headers })
      ).json().pull;
      expect(claimedView).toMatchObject({ status: 'claimed', shipment: { _id: claimBox.id } });
    });
  },
);
