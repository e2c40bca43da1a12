import { desc, eq, sql } from 'drizzle-orm';
import {
  centsToDollars,
  CUSTODY_STATES,
  type CustodyReport,
  type VaultResponse,
} from '@grail/contract';
import type { Db } from '../../db/client.js';
import { holdings } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/sessions.service.js';
import { heldCardColumns } from '../inventory/inventory.reads.js';
import { namesOf, userById } from '../users/users.reads.js';
import { inCustody, type VaultFilters } from './vault.reads.js';
import type { VaultService } from './vault.service.js';

/** What staff see of the vault: what we hold and its insured value, and any collector's vault. */
export class VaultStaffService {
  constructor(
    private readonly db: Db,
    private readonly deps: { vault: VaultService; audit: Pick<AuditService, 'record'> },
  ) {}

  /**
   * Cards in custody and their FMV (what they are insured for), by state and by owner (one page,
   * largest first), and how many owners there are in all.
   */
  async custody(page: number, limit: number): Promise<CustodyReport> {
    const card = heldCardColumns(this.db);
    const value = sql<string>`coalesce(sum(${card.fmvCents}), 0)`;
    const cards = sql<number>`count(*)::int`;
    const asOf = new Date();
    const byState = await this.db
      .select({ state: holdings.state, cards, value })
      .from(holdings)
      .innerJoin(card, eq(card.cardId, holdings.cardId))
      .where(inCustody())
      .groupBy(holdings.state);
    const owners = await this.db
      .select({ userId: holdings.userId, cards, value })
      .from(holdings)
      .innerJoin(card, eq(card.cardId, holdings.cardId))
      .where(inCustody())
      .groupBy(holdings.userId)
      .orderBy(desc(value), holdings.userId)
      .limit(limit)
      .offset((page - 1) * limit);
    const [owned] = await this.db
      .select({ owners: sql<number>`count(distinct ${holdings.userId})::int` })
      .from(holdings)
      .where(inCustody());
    const names = await namesOf(
      this.db,
      owners.map((o) => o.userId),
    );
    const states = new Map(byState.map((s) => [s.state, s]));
    const total = byState.reduce(
      (t, s) => ({ cards: t.cards + Number(s.cards), cents: t.cents + Number(s.value) }),
      { cards: 0, cents: 0 },
    );
    return {
      byState: CUSTODY_STATES.map((state) => ({
        state,
        cards: Number(states.get(state)?.cards ?? 0),
        insuredValue: centsToDollars(Number(states.get(state)?.value ?? 0)),
      })),
      byOwner: owners.map((o) => ({
        user: {
          _id: o.userId,
          username: names.get(o.userId)?.username ?? '',
          email: names.get(o.userId)?.email ?? '',
        },
        cards: Number(o.cards),
        insuredValue: centsToDollars(Number(o.value)),
      })),
      totals: {
        cards: total.cards,
        insuredValue: centsToDollars(total.cents),
        owners: Number(owned?.owners ?? 0),
      },
      asOf: asOf.toISOString(),
    };
  }

  /** A collector's vault as they see it; each look is in the audit log. */
  async userVault(
    staff: SessionUser,
    userId: string,
    filters: VaultFilters,
  ): Promise<VaultResponse> {
    return this.db.transaction(async (tx) => {
      if (!(await userById(tx, userId))) throw notFound('No user with this id.');
      await this.deps.audit.record(
        {
          actorId: staff.id,
          action: 'user.vault.view',
          subjectType: 'user',
          subjectId: userId,
        },
        tx,
      );
      return this.deps.vault.list(userId, filters, tx);
    });
  }
}
