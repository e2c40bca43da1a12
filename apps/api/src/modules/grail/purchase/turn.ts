import { firstHourCapMessage } from '@grail/contract';
import { sqlText, type Execution } from '../../../db/batch.js';
import { prepared, rawStatement, SAMPLE_UUID } from '../../../db/statements.js';
import { forbidden } from '../../../errors.js';
import { dropTurn, dropTurnCondition } from '../../drops/drops.reads.js';
import { assertDropTurn, type DropTurnRead } from '../../drops/drops.rules.js';

/*
 * Whether a purchase is the buyer's to make now, beyond the case being open: their turn in the
 * drop's queue (modules/drops) and the case's first-hour cap. Read inside the purchase's
 * transaction, under the collector's lock, so that neither can be passed by a parallel purchase.
 */

/** SQL over the case row `c`: the first-hour cap is in force now. */
const capInForce = (c: string) =>
  `(${c}.first_hour_pack_cap is not null
    and now() < coalesce(${c}.activation_time, ${c}.live_at) + interval '1 hour')`;

/** SQL: packs the buyer has bought of the case. */
const bought = (caseId: string, userId: string) =>
  `(select count(*)::int from pulls where case_id = ${caseId} and user_id = ${userId})`;

/**
 * SQL for the one-round-trip check, over the case row `c`: `packs` more packs are the buyer's to
 * buy. Cases without a queue or cap pay one look-up of the queue's key.
 */
export const turnCondition = (c: string, caseId: string, userId: string, packs: string) =>
  `${dropTurnCondition(caseId, userId)}
    and (not ${capInForce(c)} or ${bought(caseId, userId)} + ${packs} <= ${c}.first_hour_pack_cap)`;

/** The buyer's turn and the cap's count, over SQL for the case id and the user id. */
const turnText = (caseId: string, userId: string) =>
  `select ${dropTurn(caseId, userId)} as drop_turn,
    case when ${capInForce('c')} then c.first_hour_pack_cap end as cap,
    case when ${capInForce('c')} then ${bought(caseId, userId)} end as bought
  from grail_cases c where c.id = ${caseId}`;

/** In a purchase's batch: $1 case id, $2 user id. */
const turnRead = prepared('grail_purchase_turn', turnText('$1::uuid', '$2::uuid'));

/** In a purchase's transaction (several packs), as text for sql.raw. */
export const turnReadText = rawStatement(
  'grail.purchase_turn',
  (caseId: string, userId: string) =>
    turnText(sqlText`${caseId}` + '::uuid', sqlText`${userId}` + '::uuid'),
  SAMPLE_UUID,
  SAMPLE_UUID,
);

export interface TurnRead {
  drop_turn: DropTurnRead;
  cap: number | null;
  bought: number | null;
}

export const turnStatement = (caseId: string, userId: string): Execution => ({
  prepared: turnRead,
  values: [caseId, userId],
});

/** 403 unless `packs` more are the buyer's to buy now. */
export function assertTurn(turn: TurnRead | undefined, packs: number): void {
  if (!turn) return;
  assertDropTurn(turn.drop_turn);
  if (turn.cap !== null && (turn.bought ?? 0) + packs > turn.cap) {
    throw forbidden(firstHourCapMessage(turn.cap, Math.max(0, turn.cap - (turn.bought ?? 0))));
  }
}
