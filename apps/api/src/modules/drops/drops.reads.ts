/*
 * What a pack purchase reads of the queue, as SQL over a case id and a user id (`$1::uuid`…),
 * for the purchase statements of grail: the buyer's turn is judged inside its transaction.
 */

/** SQL: the buyer may buy now as far as the queue goes (no waiting room, or in their turn). */
export const dropTurnCondition = (caseId: string, userId: string) =>
  `(not exists (select 1 from drop_queues q where q.case_id = ${caseId})
    or exists (select 1 from drop_entries e
      where e.case_id = ${caseId} and e.user_id = ${userId}
        and e.admitted_from <= now() and now() < e.admitted_until))`;

/** SQL: the buyer's turn as a jsonb object, read as a DropTurnRead (drops.rules.ts). */
export const dropTurn = (caseId: string, userId: string) =>
  `(select jsonb_build_object(
      'queued', exists (select 1 from drop_queues q where q.case_id = ${caseId}),
      'joined', e.id is not null,
      'place', e.place,
      'started', coalesce(e.admitted_from <= now(), false),
      'ended', coalesce(e.admitted_until <= now(), false))
    from (select 1) one
    left join drop_entries e on e.case_id = ${caseId} and e.user_id = ${userId})`;
