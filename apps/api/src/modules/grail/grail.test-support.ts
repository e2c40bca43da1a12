import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { centsToDollars, DEFAULT_TIERS, type TierInput } from '@grail/contract';
import type { Database } from '../../db/client.js';
import { cards } from '../../db/schema/index.js';
import type { WalletService } from '../wallet/wallet.service.js';
import type { GrailAdminService } from './grail-admin.service.js';
import { drawIndex, type SeedVault } from './fairness.js';

/** The test cards' FMVs: $5 to $604.99, distinct for the first 600 cards. */
export const testFmvCents = (i: number) => 500 + ((i * 3700) % 60_000);

/**
 * Tiers that each hold one of these FMVs, since every tier needs a card at go-live: the default
 * tiers when the cards fill them all, else Base, Chase and Grail cut at the cards' own values.
 */
export function tiersFor(fmvCents: number[]): TierInput[] {
  const fmvs = [...new Set(fmvCents)].sort((a, b) => a - b).map(centsToDollars);
  const filled = DEFAULT_TIERS.every((t) =>
    fmvs.some((v) => v >= t.minFmv && (t.maxFmv === null || v <= t.maxFmv)),
  );
  if (filled) return DEFAULT_TIERS;
  const low = fmvs[0]!;
  const high = fmvs.at(-1)!;
  if (fmvs.length === 1) return [{ name: 'Grail', minFmv: 0, maxFmv: null }];
  if (fmvs.length === 2) {
    return [
      { name: 'Grail', minFmv: centsToDollars(Math.round(low * 100) + 1), maxFmv: null },
      { name: 'Base', minFmv: 0, maxFmv: low },
    ];
  }
  return [
    { name: 'Grail', minFmv: high, maxFmv: null },
    {
      name: 'Chase',
      minFmv: centsToDollars(Math.round(low * 100) + 1),
      maxFmv: centsToDollars(Math.round(high * 100) - 1),
    },
    { name: 'Base', minFmv: 0, maxFmv: low },
  ];
}

/** Inserts `count` available cards (FMV from `fmvCents(i)`) and returns their ids. */
export async function insertCards(
  database: Database,
  count: number,
  fmvCents: (i: number) => number = testFmvCents,
): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, i) => ({
    name: `Test Card ${i + 1}`,
    player: `Player ${i + 1}`,
    year: 2020,
    setName: 'Test Set',
    cardNumber: String(i + 1),
    sport: 'Baseball',
    grader: i % 3 === 0 ? null : ('PSA' as const),
    grade: i % 3 === 0 ? null : '10',
    gradeValue: i % 3 === 0 ? null : 10,
    certNumber: i % 3 === 0 ? null : String(40_000_000 + i),
    imageIds: [`img-${i}`],
    fmvCents: fmvCents(i),
  }));
  const ids: string[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const got = await database.db
      .insert(cards)
      .values(rows.slice(i, i + 500))
      .returning({ id: cards.id });
    ids.push(...got.map((r) => r.id));
  }
  return ids;
}

/** A committed case with `size` fresh cards; live unless an activation time lies ahead. */
export async function createLiveCase(
  database: Database,
  admin: GrailAdminService,
  opts: { size: number; packPrice?: number; activationTime?: string | null; name?: string },
): Promise<{ caseId: string; cardIds: string[] }> {
  const cardIds = await insertCards(database, opts.size);
  const caseId = await admin.createCase({
    name: opts.name ?? `Test Case ${randomUUID().slice(0, 8)}`,
    packPrice: opts.packPrice ?? 25,
    activationTime: opts.activationTime ?? null,
    tiers: tiersFor(Array.from({ length: opts.size }, (_, i) => testFmvCents(i))),
  });
  await admin.addCards(caseId, cardIds);
  await admin.goLive(caseId);
  return { caseId, cardIds };
}

export async function fund(
  database: Database,
  wallet: WalletService,
  userId: string,
  cents: number,
) {
  await database.db.transaction((tx) =>
    wallet.credit(tx, userId, cents, {
      kind: 'top_up',
      refType: 'test',
      refId: randomUUID(),
      description: 'Test funds',
    }),
  );
}

/**
 * The invariants every purchase run must keep: no card pulled twice, one debit per pull and one
 * pull per debit, every wallet equal to the sum of its ledger, and the case counter equal to its pulls.
 */
export async function purchaseInvariants(database: Database, caseId: string) {
  const one = async <T>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
  return {
    pulls: await one<{ n: number; cards: number; ks: number; maxk: number }>(
      sql`select count(*)::int n, count(distinct card_id)::int cards, count(distinct k)::int ks, coalesce(max(k),0)::int maxk from pulls where case_id = ${caseId}`,
    ),
    debitsWithoutPull: (
      await one<{ n: number }>(
        sql`select count(*)::int n from wallet_ledger l where l.kind = 'pack' and not exists (select 1 from pulls p where p.id::text = l.ref_id and p.price_cents = -l.amount_cents and p.user_id = l.user_id)`,
      )
    ).n,
    pullsWithoutDebit: (
      await one<{ n: number }>(
        sql`select count(*)::int n from pulls p where p.case_id = ${caseId} and (select count(*) from wallet_ledger l where l.kind = 'pack' and l.ref_id = p.id::text) <> 1`,
      )
    ).n,
    walletsOff: (
      await one<{ n: number }>(
        sql`select count(*)::int n from wallets w where w.balance_cents <> coalesce((select sum(amount_cents) from wallet_ledger l where l.user_id = w.user_id), 0)`,
      )
    ).n,
    cardsNotPulled: (
      await one<{ n: number }>(
        sql`select count(*)::int n from pulls p join cards c on c.id = p.card_id where p.case_id = ${caseId} and c.status <> 'pulled'`,
      )
    ).n,
    counter: await one<{ pulls_count: number; status: string }>(
      sql`select pulls_count, status from grail_cases where id = ${caseId}`,
    ),
  };
}

/**
 * Every pull of a case recomputed by the fairness rule (docs/fairness.md) from its sealed seed,
 * in pull order: the pulls whose remaining count, index, position or card differ from the rule's
 * (none, when every draw was made right, however the purchases interleaved).
 */
export async function redrawnMismatches(database: Database, vault: SeedVault, caseId: string) {
  const rows = <T>(query: ReturnType<typeof sql>) =>
    database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);
  const [c] = await rows<{ server_seed_enc: string }>(
    sql`select server_seed_enc from grail_cases where id = ${caseId}`,
  );
  const seed = vault.open(c!.server_seed_enc);
  const contents = await rows<{ position: number; card_id: string }>(
    sql`select position, card_id from case_cards where case_id = ${caseId} order by position`,
  );
  const pulls = await rows<{
    k: number;
    client_seed: string;
    remaining_before: number;
    draw_index: number;
    position: number;
    card_id: string;
  }>(
    sql`select k, client_seed, remaining_before, draw_index, position, card_id from pulls
      where case_id = ${caseId} order by k`,
  );
  let left = contents;
  const mismatches: number[] = [];
  for (const p of pulls) {
    const index = drawIndex(seed, p.client_seed, p.k, left.length);
    const card = left[index]!;
    if (
      p.remaining_before !== left.length ||
      p.draw_index !== index ||
      p.position !== card.position ||
      p.card_id !== card.card_id
    )
      mismatches.push(p.k);
    left = left.filter((e) => e !== card);
  }
  return mismatches;
}
