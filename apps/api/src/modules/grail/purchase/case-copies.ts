import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rawStatement, SAMPLE_UUID } from '../../../db/statements.js';
import type { SeedVault } from '../fairness.js';
import type { PullNotice } from '../grail.events.js';
import { assertOpen, caseOpenness, type OpennessRead } from '../grail.rules.js';
import { RemainingPositions, type LiveCase } from './remaining-positions.js';
import type { SeenPack } from './see-pack.js';

/** A case as the purchase statements read it (seePack, learn). */
export type CaseRead = OpennessRead &
  Pick<
    SeenPack,
    'name' | 'pack_price_cents' | 'total_items' | 'pulls_count' | 'tiers' | 'server_seed_enc'
  >;

/** A case's facts and unpulled positions, read in one statement (see learn). */
const liveCaseStatement = rawStatement(
  'grail.live_case',
  (caseId: string) =>
    sql`select c.name, ${sql.raw(caseOpenness('c'))} as openness, c.pack_price_cents,
        c.activation_time, c.total_items, c.pulls_count, c.tiers, c.server_seed_enc,
        (select coalesce(array_agg(position order by position), '{}') from case_cards
          where case_id = c.id and not pulled) as positions
      from grail_cases c where c.id = ${caseId}`,
  SAMPLE_UUID,
);

/**
 * What this process keeps of the live cases it sells: each one's remaining positions (and, once
 * seen open, its fixed facts and opened seed), kept current by its own purchases and by the pull
 * notices of every instance.
 */
export class CaseCopies {
  private readonly copies = new Map<string, RemainingPositions>();
  private readonly learning = new Map<string, Promise<void>>();
  /** Sealed seeds opened once per process (a re-sealed seed is a new entry). */
  private readonly seeds = new Map<string, Buffer>();
  private hearing: Promise<unknown> | undefined;

  constructor(
    private readonly db: Db,
    private readonly vault: SeedVault,
    /** LISTENs to every instance's pull notices (GRAIL_EVENTS_CHANNEL). */
    private readonly listenForPulls?: (onNotice: (payload: string) => void) => Promise<unknown>,
  ) {}

  /** The copy of a case, if this process has one. */
  get(caseId: string): RemainingPositions | undefined {
    return this.copies.get(caseId);
  }

  /** The copy of a case, made empty (to be loaded by the purchase's read) when there is none. */
  of(caseId: string): RemainingPositions {
    let copy = this.copies.get(caseId);
    if (!copy) {
      if (this.copies.size >= 8) this.copies.clear();
      copy = new RemainingPositions();
      this.copies.set(caseId, copy);
      this.hearing ??= this.listenForPulls?.((payload) => this.heardPull(payload)).catch(() => {
        this.hearing = undefined;
      });
    }
    return copy;
  }

  /** Drops a copy that may be wrong or whose case is no longer open: the next purchase reads it. */
  forget(caseId: string) {
    this.copies.delete(caseId);
  }

  /** What the one-round-trip path keeps of an open case, from a purchase statement's read. */
  liveOf(c: CaseRead): LiveCase {
    return {
      name: c.name,
      priceCents: c.pack_price_cents,
      totalItems: c.total_items,
      tiers: c.tiers,
      serverSeed: this.seedOf(c.server_seed_enc!),
    };
  }

  /**
   * What the one-round-trip path needs of a case this process has not sold from yet, read in one
   * statement (so the cards left match the count): its fixed facts, if it is open, and the
   * positions not yet pulled. Without it, a case's first purchases would all take the full path.
   */
  learn(caseId: string): Promise<void> {
    let learning = this.learning.get(caseId);
    if (!learning) {
      learning = this.readLiveCase(caseId).finally(() => this.learning.delete(caseId));
      this.learning.set(caseId, learning);
    }
    return learning;
  }

  private async readLiveCase(caseId: string) {
    const read = (await this.db.execute(liveCaseStatement(caseId))) as unknown as {
      rows: (CaseRead & { positions: number[] })[];
    };
    const c = read.rows[0];
    if (!c?.server_seed_enc) return;
    try {
      assertOpen(c);
    } catch {
      return;
    }
    const copy = this.of(caseId);
    copy.apply(-1, c.pulls_count, c.positions);
    copy.live ??= this.liveOf(c);
  }

  /**
   * A pull committed by any instance moves this process's copy on by one when it is the next pull
   * number, so purchases here keep drawing from a current copy while another instance sells too
   * (a missed or out-of-order notice only leaves the copy behind, which the next draw catches up).
   */
  private heardPull(payload: string) {
    let notice: Partial<PullNotice>;
    try {
      notice = JSON.parse(payload) as Partial<PullNotice>;
    } catch {
      return;
    }
    const copy = notice.caseId ? this.copies.get(notice.caseId) : undefined;
    const { k, position } = notice;
    if (!copy || typeof k !== 'number' || typeof position !== 'number' || copy.k !== k - 1) return;
    if (!copy.apply(k - 1, k, [position])) this.copies.delete(notice.caseId!);
  }

  private seedOf(sealed: string): Buffer {
    let seed = this.seeds.get(sealed);
    if (!seed) {
      if (this.seeds.size >= 16) this.seeds.clear();
      seed = this.vault.open(sealed);
      this.seeds.set(sealed, seed);
    }
    return seed;
  }
}
