import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type BreakInput, dollarsToCents } from '@grail/contract';
import type { Tx } from '../../db/client.js';
import { breaks, breakSpots } from '../../db/schema/index.js';
import { newServerSeed, sha256Hex } from '../../lib/provably-fair.js';
import type { BreakSeedVault } from './fairness.js';
import type { BreakRow } from './breaks.view.js';

export type NewBreak = z.output<typeof BreakInput>;
export type Team = { name: string; price?: number | undefined };

/** The spots of a team list: pick your team carries each team and its price from the start. */
export function spotRowsOf(
  breakId: string,
  format: BreakRow['format'],
  teams: Team[],
  spotPriceCents: number,
) {
  return teams.map((t, i) => ({
    breakId,
    spotNumber: i + 1,
    team: format === 'pick_team' ? t.name : null,
    priceCents:
      format === 'pick_team' && t.price !== undefined ? dollarsToCents(t.price) : spotPriceCents,
  }));
}

/** A draft break and its spots. */
export async function insertDraft(input: NewBreak, createdBy: string | null, tx: Tx) {
  const spotPriceCents = dollarsToCents(input.spotPrice);
  const [b] = await tx
    .insert(breaks)
    .values({
      title: input.title,
      description: input.description,
      sport: input.sport,
      imageId: input.imageId,
      boxes: input.boxes,
      packsPerBox: input.packsPerBox,
      format: input.format,
      spotPriceCents,
      totalSpots: input.teams.length,
      minSpots: input.minSpots ?? input.teams.length,
      teams: input.teams.map((t) => t.name),
      unownedHitRule: input.unownedHitRule,
      salesDeadline: new Date(input.salesDeadline),
      scheduledAt: new Date(input.scheduledAt),
      streamUrl: input.streamUrl,
      createdBy,
    })
    .returning();
  await tx.insert(breakSpots).values(spotRowsOf(b!.id, b!.format, input.teams, spotPriceCents));
  return b!;
}

/** A fresh server seed, sealed, with its SHA-256 published: the spots go on sale. */
export async function putOnSale(breakId: string, vault: BreakSeedVault, tx: Tx): Promise<BreakRow> {
  const seed = newServerSeed();
  const [after] = await tx
    .update(breaks)
    .set({
      status: 'open',
      serverSeedEnc: vault.seal(seed),
      serverSeedHash: sha256Hex(seed),
      openedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(breaks.id, breakId))
    .returning();
  return after!;
}
