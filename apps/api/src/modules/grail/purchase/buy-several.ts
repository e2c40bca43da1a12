import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { centsToDollars, type PackCount, type PackPurchaseResponse } from '@grail/contract';
import type { Db, Tx } from '../../../db/client.js';
import { literal, sqlText } from '../../../db/batch.js';
import { rawStatement, SAMPLE_UUID } from '../../../db/statements.js';
import { caseCards, grailCases, pulls, type cards } from '../../../db/schema/index.js';
import { conflict, unauthorized } from '../../../errors.js';
import { runIdempotent, type IdempotentResult } from '../../idempotency/idempotency.service.js';
import { markPulled } from '../../inventory/inventory.reads.js';
import type { LimitsService } from '../../limits/limits.service.js';
import { queueMessages } from '../../outbox/outbox.reads.js';
import { userById } from '../../users/users.reads.js';
import type { WalletService } from '../../wallet/wallet.service.js';
import { drawIndex, type SeedVault } from '../fairness.js';
import { GRAIL_EVENTS_CHANNEL, type PullNotice } from '../grail.events.js';
import { assertOpen, caseOpenness, type OpennessRead } from '../grail.rules.js';
import { toPull, type BuybackTerms } from '../pull.view.js';
import type { PullSellBacks } from '../sell-back.js';
import { autoSell } from './auto-sell.js';
import { severalAnswerOf, severalPacksDebit, severalRequestOf, type PackOrder } from './receipt.js';
import type { SeenPack } from './see-pack.js';
import { assertTurn, turnReadText, type TurnRead } from './turn.js';

type CardRow = typeof cards.$inferSelect;

/** The case with whether it sells packs now; with `lock`, its row locked for the purchase. */
const caseStatement = rawStatement(
  'grail.case_for_packs',
  (caseId: string, lock: boolean) =>
    sql`select ${sql.raw(caseOpenness('c'))} as openness, c.activation_time, c.name,
      c.pack_price_cents, c.total_items, c.pulls_count, c.tiers, c.server_seed_enc
      from grail_cases c where c.id = ${caseId} ${sql.raw(lock ? 'for no key update' : '')}`,
  SAMPLE_UUID,
  true,
);

/** What the case statement reads: the single-pack path's view of a case, without the buyer. */
type CaseRead = Pick<
  SeenPack,
  | keyof OpennessRead
  | 'name'
  | 'pack_price_cents'
  | 'total_items'
  | 'pulls_count'
  | 'tiers'
  | 'server_seed_enc'
>;

/** Marks the drawn cards pulled in the inventory and answers what the answer shows of each. */
const markCardsStatement = rawStatement(
  'grail.mark_pack_cards',
  (cardIds: string[]) =>
    sql.raw(`with drawn(card_id) as (
      select value::uuid from jsonb_array_elements_text(${literal({ json: cardIds })}::jsonb)
    ) ${markPulled('drawn')}`),
  [SAMPLE_UUID],
);

interface MarkedCard {
  card_id: string;
  name: string;
  grader: CardRow['grader'];
  grade: string | null;
  cert_number: string | null;
  image_ids: string[];
  fmv_cents: number;
}

/** Queues the Discord announcement of each of these pulls whose FMV is above the threshold. */
const announceStatement = rawStatement(
  'grail.announce_pack_pulls',
  (pullIds: string[], aboveCents: number) =>
    sql.raw(
      queueMessages(
        `'webhook'`,
        `jsonb_build_object('target', 'discord-grail-pull', 'pullId', pulls.id)`,
        'pulls',
        `pulls.fmv_cents > ${literal(aboveCents)}::bigint and pulls.id in (
          select value::uuid from jsonb_array_elements_text(${literal({ json: pullIds })}::jsonb))`,
      ),
    ),
  [SAMPLE_UUID],
  0,
);

/** One NOTIFY per pull, in pull order, as a single pack's purchase sends it (on commit). */
const notifyStatement = rawStatement(
  'grail.notify_pack_pulls',
  (notices: PullNotice[]) =>
    sql.raw(sqlText`select pg_notify(${GRAIL_EVENTS_CHANNEL}, notice::text)
      from jsonb_array_elements(${{ json: notices }}::jsonb) with ordinality as n(notice, i)
      order by i`),
  [] as PullNotice[],
);

export interface SeveralPacksDeps {
  db: Db;
  wallet: WalletService;
  limits: LimitsService;
  buyback: BuybackTerms;
  vault: SeedVault;
  /** Sells back the pulls an auto-sell rule asks for (decision 031). */
  sellBacks: PullSellBacks;
  /** Pulls with an FMV above this many cents are announced on Discord; null announces none. */
  announceAboveCents: () => number | null;
}

/** The 409 of a purchase asking for more packs than the case has cards left. */
export const tooFewLeft = (left: number) =>
  conflict(
    left === 1 ? 'Only 1 card is left in this case.' : `Only ${left} cards are left in this case.`,
    { remaining: left },
  );

/**
 * Several packs of a case in one purchase (decision 028), when the one-round-trip path of
 * buy-pack.ts could not buy them (decision 036), and every purchase with an auto-sell rule: one
 * transaction, all or nothing, under the Idempotency-Key's lock, then the collector's, the
 * wallet's and the case row's (the order of a single pack's purchase). It holds the case row
 * until the COMMIT and decides from what the database says, with its own answers. The pulls are drawn one after another by the
 * published rule, with the buyer's client seed and consecutive pull numbers, so each is checked
 * on its own like any other pull.
 */
export class SeveralPacks {
  constructor(private readonly deps: SeveralPacksDeps) {}

  /** With `autoSellBelowCents`, the pulls below it are sold back in the purchase (decision 031). */
  buy(
    order: PackOrder,
    packs: PackCount,
    autoSellBelowCents?: number,
  ): Promise<IdempotentResult<PackPurchaseResponse>> {
    const request = severalRequestOf({ ...order, packs });
    return runIdempotent(
      this.deps.db,
      {
        ...order.key,
        // A purchase without a rule keeps the request it always had.
        request: autoSellBelowCents === undefined ? request : { ...request, autoSellBelowCents },
      },
      (tx) => this.buyIn(tx, order, packs, autoSellBelowCents),
      // A key's answer stored by the one-round-trip path is a SeveralReceipt.
    ).then(({ body, replayed }) => ({ body: severalAnswerOf(body), replayed }));
  }

  /** The case, open with at least `packs` cards left (else its 404 or 409). */
  private async openCase(tx: Tx, caseId: string, packs: number, lock: boolean) {
    const read = (await tx.execute(caseStatement(caseId, lock))) as unknown as {
      rows: CaseRead[];
    };
    const c = read.rows[0];
    assertOpen(c);
    const left = c!.total_items - c!.pulls_count;
    if (left < packs) throw tooFewLeft(left);
    return c!;
  }

  private async buyIn(
    tx: Tx,
    order: PackOrder,
    packs: PackCount,
    autoSellBelowCents: number | undefined,
  ): Promise<PackPurchaseResponse> {
    const { user, caseId, chosenSeed } = order;
    const { wallet, limits, buyback, vault } = this.deps;
    // Refused at once when the case cannot sell these packs. Then the locks in a single pack's
    // order (so the two never wait on each other): the collector's, with the limits judged on the
    // whole amount; the wallet's, with the one debit (a committed case's price never changes);
    // the case row's, read again under it.
    const seen = await this.openCase(tx, caseId, packs, false);
    const priceCents = seen.pack_price_cents;
    const totalCents = priceCents * packs;
    await limits.checkPurchase(user.id, totalCents, tx);
    // Under the collector's lock: their turn in a drop's queue and the first-hour cap.
    const turn = (await tx.execute(sql.raw(turnReadText(caseId, user.id)))) as unknown as {
      rows: TurnRead[];
    };
    assertTurn(turn.rows[0], packs);
    const pullIds = Array.from({ length: packs }, () => randomUUID());
    await wallet.debit(user.id, totalCents, severalPacksDebit(pullIds, seen.name), tx);
    const c = await this.openCase(tx, caseId, packs, true);
    // The buyer's seed as it is now, not as the session in memory last saw it.
    const clientSeed = chosenSeed ?? (await userById(tx, user.id))?.clientSeed;
    if (!clientSeed) throw unauthorized();

    const remaining = await tx
      .select({ position: caseCards.position, cardId: caseCards.cardId })
      .from(caseCards)
      .where(and(eq(caseCards.caseId, caseId), eq(caseCards.pulled, false)))
      .orderBy(asc(caseCards.position));
    const seed = vault.open(c.server_seed_enc!);
    const draws = pullIds.map((id, i) => {
      const k = c.pulls_count + i + 1;
      const remainingBefore = c.total_items - k + 1;
      const index = drawIndex(seed, clientSeed, k, remainingBefore);
      const [card] = remaining.splice(index, 1);
      return { id, k, remainingBefore, index, card: card! };
    });

    const positions = draws.map((d) => d.card.position!);
    const taken = await tx
      .update(caseCards)
      .set({ pulled: true })
      .where(
        and(
          eq(caseCards.caseId, caseId),
          inArray(caseCards.position, positions),
          eq(caseCards.pulled, false),
        ),
      )
      .returning({ position: caseCards.position });
    const marked = (await tx.execute(
      markCardsStatement(draws.map((d) => d.card.cardId)),
    )) as unknown as {
      rows: MarkedCard[];
    };
    if (taken.length !== packs || marked.rows.length !== packs) {
      throw new Error(`case ${caseId}: the drawn cards were not all in the case`);
    }
    const cardsById = new Map(marked.rows.map((m) => [m.card_id, m]));
    const drawn = await tx
      .insert(pulls)
      .values(
        draws.map((d) => ({
          id: d.id,
          caseId,
          userId: user.id,
          cardId: d.card.cardId,
          k: d.k,
          clientSeed,
          remainingBefore: d.remainingBefore,
          drawIndex: d.index,
          position: d.card.position!,
          priceCents,
          fmvCents: cardsById.get(d.card.cardId)!.fmv_cents,
        })),
      )
      .returning();
    const sold = await autoSell(tx, this.deps.sellBacks, user.id, drawn, autoSellBelowCents);
    const rows = sold.pulls;
    const pullsCount = c.pulls_count + packs;
    const status = pullsCount === c.total_items ? 'sold_out' : 'active';
    await tx
      .update(grailCases)
      .set({ pullsCount, status, updatedAt: sql`now()` })
      .where(eq(grailCases.id, caseId));
    const above = this.deps.announceAboveCents();
    if (above !== null) await tx.execute(announceStatement(pullIds, above));
    await tx.execute(
      notifyStatement(
        rows.map((p) => ({
          pullId: p.id,
          caseId,
          k: p.k,
          position: p.position,
          remaining: p.remainingBefore - 1,
          totalItems: c.total_items,
          status: p.k === c.total_items ? 'sold_out' : 'active',
        })),
      ),
    );

    const answer = rows
      .sort((a, b) => a.k - b.k)
      .map((pull) => {
        const m = cardsById.get(pull.cardId)!;
        return toPull(
          {
            pull,
            card: {
              id: m.card_id,
              name: m.name,
              grader: m.grader,
              grade: m.grade,
              certNumber: m.cert_number,
              imageIds: m.image_ids,
              fmvCents: m.fmv_cents,
            },
            caseName: c.name,
            totalItems: c.total_items,
            tiers: c.tiers,
            holdingState: pull.autoSold ? 'sold_back' : 'in_vault',
            shipment: null,
          },
          buyback,
          pull.pulledAt,
        );
      });
    return {
      pulls: answer,
      paid: centsToDollars(totalCents),
      totalFmv: centsToDollars(rows.reduce((sum, p) => sum + p.fmvCents, 0)),
      autoSell: sold.autoSell,
    };
  }
}
