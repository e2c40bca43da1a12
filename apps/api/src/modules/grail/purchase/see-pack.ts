import type { Execution } from '../../../db/batch.js';
import { prepared } from '../../../db/statements.js';
import type { grailCases } from '../../../db/schema/index.js';
import type { IdempotencyOptions } from '../../idempotency/idempotency.service.js';
import { walletBalance } from '../../wallet/wallet.reads.js';
import { caseOpenness, type OpennessRead } from '../grail.rules.js';
import type { RemainingPositions } from './remaining-positions.js';
import { liveSession } from '../../auth/auth.reads.js';
import { storedKeyRow } from '../../idempotency/idempotency.reads.js';
import { activeUserRow } from '../../users/users.reads.js';

type CaseRow = typeof grailCases.$inferSelect;

/**
 * A purchase's first look, after the Idempotency-Key's lock and without locking anything: the
 * case, the buyer's balance, the key's stored answer if an earlier request left one, and, from
 * the same snapshot as the case's count, what brings the remaining copy up to that count (the
 * positions pulled after its pull number, in pull order; with `all`, every unpulled position), and
 * the buyer's client seed while their session is live: the request may have found the session in
 * this instance's memory, and a purchase must neither outlive a sign-out or revocation on another
 * instance nor draw with a seed changed meanwhile.
 * $1 case id, $2 user id, $3 and $4 the key's scope and key, $5 the copy's pull number, $6 the
 * session id.
 */
const seePack = (all: boolean) =>
  prepared(
    all ? 'grail_see_pack_all' : 'grail_see_pack',
    `select c.name, ${caseOpenness('c')} as openness, c.pack_price_cents, c.activation_time,
      c.total_items, c.pulls_count, c.tiers, c.server_seed_enc,
      ${walletBalance('$2::uuid')} as balance_cents,
      stored.request_hash as stored_hash, stored.response as stored_response,
      ${
        all
          ? `(select coalesce(array_agg(position order by position), '{}') from case_cards
              where case_id = $1::uuid and not pulled and $5::int < 0)`
          : `(select coalesce(array_agg(position order by k), '{}') from pulls
              where case_id = $1::uuid and k > $5::int)`
      } as positions,
      (select u.client_seed from ${activeUserRow('$2::uuid')} u
        where ${liveSession('$6::uuid', '$2::uuid')}) as buyer_client_seed
    from grail_cases c
    left join ${storedKeyRow('$2::uuid', '$3::text', '$4::text')} stored on true
    where c.id = $1::uuid`,
  );
const seeDelta = seePack(false);
const seeAll = seePack(true);

export interface SeenPack extends OpennessRead {
  name: string;
  pack_price_cents: number;
  total_items: number;
  pulls_count: number;
  tiers: CaseRow['tiers'];
  server_seed_enc: string | null;
  balance_cents: number | null;
  stored_hash: string | null;
  stored_response: unknown;
  positions: number[];
  /** Null when the buyer's session has ended. */
  buyer_client_seed: string | null;
}

export function seeStatement(
  key: Omit<IdempotencyOptions, 'request'>,
  caseId: string,
  remaining: RemainingPositions,
  sessionId: string,
): Execution {
  return {
    prepared: remaining.k < 0 ? seeAll : seeDelta,
    values: [caseId, key.userId, key.scope, key.key, remaining.k, sessionId],
  };
}
