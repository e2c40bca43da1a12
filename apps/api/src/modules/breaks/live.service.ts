import { asc, eq } from 'drizzle-orm';
import {
  BREAK_ASSIGNMENT_MS,
  BREAK_STEP_MS,
  HOUSE_HOLDER,
  type BreakHit,
  type BreakSpotsEvent,
} from '@grail/contract';
import type { Db } from '../../db/client.js';
import { breakHits, breaks, breakSpotSales, breakSpots } from '../../db/schema/index.js';
import { publicNamesOf } from '../users/users.reads.js';
import type { BreakEventSource, RevealItem } from './breaks.events.js';
import { type BreakSeedVault, drawTeams } from './fairness.js';
import { saleOfSpot } from './breaks.reads.js';
import { holderName, toBreakHit } from './breaks.view.js';

/** What the live events of a break carry, read from the database when a notice arrives. */
export class BreakLive implements BreakEventSource {
  constructor(
    private readonly db: Db,
    private readonly vault: BreakSeedVault,
  ) {}

  async spots(breakId: string): Promise<BreakSpotsEvent | undefined> {
    const [b] = await this.db.select().from(breaks).where(eq(breaks.id, breakId));
    if (!b) return undefined;
    return { breakId, status: b.status, spotsSold: b.spotsSold, totalSpots: b.totalSpots };
  }

  async hit(hitId: string): Promise<BreakHit | undefined> {
    const [hit] = await this.db.select().from(breakHits).where(eq(breakHits.id, hitId));
    if (!hit) return undefined;
    const owner = hit.userId ? (await publicNamesOf(this.db, [hit.userId])).get(hit.userId) : null;
    return toBreakHit(hit, owner ?? null, null);
  }

  /**
   * The live reveal of a random-team break on its shared clock: step s of the shuffle at
   * startedAt + s × BREAK_STEP_MS, then spot a's team BREAK_ASSIGNMENT_MS apart. Empty for a
   * break whose teams were not drawn (or were chosen by their buyers).
   */
  async reveal(breakId: string): Promise<RevealItem[]> {
    const [b] = await this.db.select().from(breaks).where(eq(breaks.id, breakId));
    if (
      !b ||
      b.format !== 'random_team' ||
      !b.startedAt ||
      !b.serverSeedEnc ||
      b.publicInput === null
    )
      return [];
    const seed = this.vault.open(b.serverSeedEnc);
    const order = [...b.teams];
    const { swaps } = drawTeams(seed, b.publicInput, b.teams);
    const start = b.startedAt.getTime();
    const items: RevealItem[] = swaps.map((swap) => {
      [order[swap.i], order[swap.j]] = [order[swap.j]!, order[swap.i]!];
      return {
        at: start + swap.step * BREAK_STEP_MS,
        event: 'step',
        data: { breakId, ...swap, steps: swaps.length, order: [...order] },
      };
    });
    const spots = await this.db
      .select({
        spotNumber: breakSpots.spotNumber,
        team: breakSpots.team,
        userId: breakSpotSales.userId,
      })
      .from(breakSpots)
      .leftJoin(breakSpotSales, saleOfSpot)
      .where(eq(breakSpots.breakId, breakId))
      .orderBy(asc(breakSpots.spotNumber));
    const holders = await publicNamesOf(
      this.db,
      spots.flatMap((s) => (s.userId ? [s.userId] : [])),
    );
    const afterSteps = start + swaps.length * BREAK_STEP_MS;
    spots.forEach((s, a) =>
      items.push({
        at: afterSteps + (a + 1) * BREAK_ASSIGNMENT_MS,
        event: 'assignment',
        data: {
          breakId,
          spotNumber: s.spotNumber,
          team: s.team ?? '',
          holder: holderName((s.userId && holders.get(s.userId)) || null) ?? HOUSE_HOLDER,
        },
      }),
    );
    return items;
  }
}
