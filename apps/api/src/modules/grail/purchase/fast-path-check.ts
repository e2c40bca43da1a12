import type { Execution, Prepared } from '../../../db/batch.js';
import { rawStatement } from '../../../db/statements.js';
import { unrestrictedCondition } from '../../limits/limits.reads.js';
import type { IdempotencyOptions } from '../../idempotency/idempotency.service.js';
import type { LiveCase } from './remaining-positions.js';
import { liveSession } from '../../auth/auth.reads.js';
import { storedKeyRow } from '../../idempotency/idempotency.reads.js';
import { activeUserRow } from '../../users/users.reads.js';
import { turnCondition } from './turn.js';

/**
 * The one-round-trip attempt's check, after the Idempotency-Key's and the collector's locks and
 * before any write: that nothing calls for the full path. The key has no stored answer (a repeat
 * is answered by the full path), the session is live with the client seed the candidates used
 * (null when the buyer chose one), the case is as this process knows it and the pack is the
 * buyer's to buy now (turn.ts: their turn in a drop's queue, the first-hour cap), and the
 * collector's responsible-play condition (LimitsService.unrestrictedPurchase) holds. Otherwise the function
 * raises GP001 (migration 0016) and nothing after it runs.
 * $1 case id, $2 user id, $3 and $4 the key's scope and key, $5 the session id, $6 the client
 * seed from the session or null, $7 the case's name, $8 its pack price, $9 the number of packs.
 */
// Its text is built once per condition, not per purchase.
const fastPathChecks = new WeakMap<(user: string) => string, Prepared>();
const fastPathCheck = (unrestricted: (user: string) => string) => {
  let check = fastPathChecks.get(unrestricted);
  if (!check) fastPathChecks.set(unrestricted, (check = fastPathCheckOf(unrestricted)));
  return check;
};
// Declared with the limits' own condition, which the purchase path passes in.
const fastPathCheckOf = rawStatement(
  'grail.fast_path_check',
  (unrestricted: (user: string) => string): Prepared => ({
    name: 'grail_fast_path_check',
    text: `select pack_purchase_fast_path(
      not exists (select 1 from ${storedKeyRow('$2::uuid', '$3::text', '$4::text')} stored)
      and exists (select 1 from ${activeUserRow('$2::uuid')} u
        where ${liveSession('$5::uuid', '$2::uuid')}
          and ($6::text is null or u.client_seed = $6::text))
      and exists (select 1 from grail_cases c
        where c.id = $1::uuid and c.name = $7::text and c.pack_price_cents = $8::bigint
          and ${turnCondition('c', '$1::uuid', '$2::uuid', '$9::int')})
      and ${unrestricted('$2::uuid')})`,
  }),
  unrestrictedCondition,
);

export function fastPathCheckStatement(
  unrestricted: (user: string) => string,
  key: Omit<IdempotencyOptions, 'request'>,
  caseId: string,
  live: LiveCase,
  sessionId: string,
  sessionSeed: string | null,
  packs: number,
): Execution {
  return {
    prepared: fastPathCheck(unrestricted),
    values: [
      caseId,
      key.userId,
      key.scope,
      key.key,
      sessionId,
      sessionSeed,
      live.name,
      live.priceCents,
      packs,
    ],
  };
}

/** The failure of a one-round-trip attempt that needs the full path (see fastPathCheck). */
export const isFullPathNeeded = (err: unknown) => (err as { code?: string }).code === 'GP001';
