import { sqlText, type Execution, type SqlValue } from '../../../db/batch.js';
import { prepared } from '../../../db/statements.js';
import { requestHashOf, type IdempotencyOptions } from '../../idempotency/idempotency.service.js';
import { GRAIL_EVENTS_CHANNEL } from '../grail.events.js';
import { caseOpenness } from '../grail.rules.js';
import type { Candidates } from './candidates.js';
import type { PackReceipt } from './receipt.js';
import { keepAnswer } from '../../idempotency/idempotency.reads.js';
import { markPulled } from '../../inventory/inventory.reads.js';
import { queueMessages } from '../../outbox/outbox.reads.js';

/** Takes the case row's lock (FOR NO KEY UPDATE, as the UPDATE of its count would). */
export function lockStatement(caseId: string): Execution {
  return { prepared: lockCase, values: [caseId] };
}

const lockCase = prepared(
  'grail_lock_case',
  'select 1 from grail_cases where id = $1::uuid for no key update',
);

/*
 * The pieces both draw statements share. Their parameters: $1 case id, $2 base, $3 indexes, $4
 * slices, $13 the first candidate's j (see Candidates).
 */

/**
 * SQL: the one candidate for pull number base + `j` whose rank among the cards left is the index:
 * the nth of the slice has n − 1 of the positions pulled in between (`prior`) below it, and is
 * not one of them.
 */
const candidateSlot = (j: string, prior: string) => `select s.position
      from unnest(($4::int[])[(${j} - 1) * ${j} / 2 - $13::int * ($13::int - 1) / 2 + 1
        : ${j} * (${j} + 1) / 2 - $13::int * ($13::int - 1) / 2]) with ordinality as s(position, nth)
      where s.position <> all (${prior})
        and nth - 1 = (select count(*) from unnest(${prior}) b where b < s.position)`;

/** SQL: the fairness rule's index sent for pull number base + `j`. */
const drawIndexOf = (j: string) => `($3::int[])[${j} - $13::int + 1]`;

/** SQL: `j` is among the pull numbers the candidates were drawn for. */
const amongCandidates = (j: string) =>
  `${j} between $13::int and $13::int + cardinality($3::int[]) - 1`;

/** SQL: a receipt's `drawn` (PackReceipt) from the marked card `c` and its pull row `p`. */
const drawnJson = (c: string, p: string) => `jsonb_build_object(
          'k', ${c}.k,
          'remainingBefore', ${c}.remaining_before,
          'drawIndex', ${c}.draw_index,
          'position', ${c}.position,
          'fmvCents', ${c}.fmv_cents,
          'pulledAt', to_char(${p}.pulled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'card', jsonb_build_object('id', ${c}.card_id, 'name', ${c}.name, 'grader', ${c}.grader,
            'grade', ${c}.grade, 'certNumber', ${c}.cert_number, 'imageIds', ${c}.image_ids))`;

/**
 * SQL: the pull's NOTIFY on `channel` (delivered on commit), which every instance's copy of the
 * case follows.
 */
const notifyPull = (channel: string, pullId: string, a: string, status: string) =>
  `pg_notify(${channel}, json_build_object(
        'pullId', ${pullId}, 'caseId', $1::uuid, 'k', ${a}.k, 'position', ${a}.position,
        'remaining', ${a}.remaining_before - 1, 'totalItems', ${a}.total_items,
        'status', ${status})::text)`;

/** SQL: the Discord announcement of the pull of `source`'s rows, when its FMV is above `above`. */
const announcePull = (pullId: string, source: string, above: string) =>
  queueMessages(
    `'webhook'`,
    `jsonb_build_object('target', 'discord-grail-pull', 'pullId', ${pullId})`,
    source,
    `${source}.fmv_cents > ${above}`,
  );

/**
 * The slots' cards taken out of the case and marked pulled, as `card`: a slot already taken
 * matches nothing, so its pull row gets no card and the statement fails.
 */
const takeSlots = `marked as (
      update case_cards set pulled = true from slot
      where case_cards.case_id = $1::uuid and case_cards.position = slot.position
        and not case_cards.pulled
      returning slot.*, case_cards.card_id
    ), card as (
      ${markPulled('marked')}
    )`;

/**
 * The statement that needs the case row's lock (taken by the statement before it, so that this
 * one starts, and takes its snapshot, after the previous holder committed): take pull number k,
 * find its card among the candidates, mark it pulled, record the pull and the Idempotency-Key's
 * answer, and queue the NOTIFY (delivered on commit). It is prepared, so that its planning is
 * done once per connection rather than while the lock is held.
 *
 * Its one pull row comes from a left join, so when nothing was drawn (the case closed or sold
 * out, or k is not among the candidates' pull numbers) that row has no card, fails the NOT NULL
 * on pulls.card_id and so fails the statement, and the COMMIT sent after it never runs.
 *
 * $5 pull id, $6 user id, $7 client seed, $8 price, $9 the receipt without its draw, $10 to $12
 * the Idempotency-Key's scope, key and request hash, and when pulls are announced on Discord,
 * $14 the FMV in cents above which one is. The announcement is an outbox row written by this
 * statement, so it commits with the pull or not at all. Without announcements the statement has
 * no outbox part (less to set up per purchase). It answers the draw (the receipt's `drawn`),
 * which the caller adds to the receipt it sent, and the positions pulled after the base.
 */
const drawPullOf = (announcing: boolean) =>
  prepared(
    announcing ? 'grail_draw_pull_announced' : 'grail_draw_pull',
    `with taken as (
      update grail_cases set
        pulls_count = pulls_count + 1,
        status = case when pulls_count + 1 = total_items then 'sold_out' else 'active' end,
        updated_at = now()
      where id = $1::uuid and ${caseOpenness('grail_cases')} = 'open'
      returning pulls_count as k, total_items, status as case_status
    ), pick as (
      select taken.*, k - $2::int as j, total_items - k + 1 as remaining_before,
        ${drawIndexOf('(k - $2::int)')} as draw_index
      from taken
      where ${amongCandidates('k - $2::int')}
    ), between_pulls as (
      select coalesce(array_agg(pulls.position order by pulls.k), '{}') as positions
      from pulls, pick
      where pulls.case_id = $1::uuid and pulls.k > $2::int and pulls.k < pick.k
    ), slot as (
      select pick.*, s.position
      from pick, between_pulls,
        lateral (${candidateSlot('pick.j', 'between_pulls.positions')}) s
    ), ${takeSlots}, pull as (
      insert into pulls (id, case_id, user_id, card_id, k, client_seed, remaining_before,
        draw_index, position, price_cents, fmv_cents)
      select $5::uuid, $1::uuid, $6::uuid, card.card_id, card.k, $7::text, card.remaining_before,
        card.draw_index, card.position, $8::bigint, card.fmv_cents
      from (values (1)) as one_row left join card on true
      returning pulled_at
    ), answer as (
      select card.*, $9::jsonb || jsonb_build_object('drawn', ${drawnJson('card', 'pull')})
        as response
      from card cross join pull
    ), kept as (
      ${keepAnswer('$6::uuid', '$10::text', '$11::text', '$12::text', 'answer.response', 'answer')}
    )${announcing ? `, announced as (${announcePull('$5::uuid', 'card', '$14::bigint')})` : ''}
    select answer.response -> 'drawn' as drawn,
      between_pulls.positions || answer.position as pulled_since,
      ${notifyPull(sqlText`${GRAIL_EVENTS_CHANNEL}`, '$5::uuid', 'answer', 'answer.case_status')}
    from answer, between_pulls`,
  );

/**
 * The draw statement of a purchase of several packs: the same steps for pull numbers k0 + 1 …
 * k0 + n in one statement, each card drawn from the cards left after the one before (a recursive
 * part over the candidates, each draw's pull numbers in between being those before k0 and the
 * purchase's own earlier draws), the n pull rows, one stored answer (SeveralReceipt: what the
 * packs' receipts share, once, and each pack's draw), and one NOTIFY per pull in pull order. When fewer than n were drawn (the case
 * has fewer cards left, or k0 is not among the candidates' pull numbers) a pull row has no card
 * and the statement fails as a single pack's does.
 *
 * $5 the pull ids in pull order, $6 to $13 as for a single pack (the receipt without its pull id
 * and draw), $14 the number of packs, and when pulls are announced, $15 the FMV above which one
 * is. It answers each draw in pull order, each with every position pulled after the base.
 */
const drawPullsOf = (announcing: boolean) =>
  prepared(
    announcing ? 'grail_draw_pulls_announced' : 'grail_draw_pulls',
    `with recursive taken as (
      update grail_cases set
        pulls_count = pulls_count + $14::int,
        status = case when pulls_count + $14::int = total_items then 'sold_out' else 'active' end,
        updated_at = now()
      where id = $1::uuid and ${caseOpenness('grail_cases')} = 'open'
        and pulls_count + $14::int <= total_items
      returning pulls_count - $14::int as k0, total_items
    ), between_pulls as (
      select coalesce(array_agg(pulls.position order by pulls.k), '{}') as positions
      from pulls, taken
      where pulls.case_id = $1::uuid and pulls.k > $2::int and pulls.k <= taken.k0
    ), draws (t, k, position, prior) as (
      select 0, taken.k0, null::int, between_pulls.positions from taken, between_pulls
      union all
      select d.t + 1, d.k + 1, s.position, d.prior || s.position
      from draws d cross join lateral (${candidateSlot('(d.k + 1 - $2::int)', 'd.prior')}) s
      where d.t < $14::int and ${amongCandidates('(d.k + 1 - $2::int)')}
    ), slot as (
      select d.t, d.k, d.position, taken.total_items, taken.total_items - d.k + 1 as remaining_before,
        ${drawIndexOf('(d.k - $2::int)')} as draw_index, ($5::uuid[])[d.t] as pull_id
      from draws d, taken
      where d.t > 0
    ), ${takeSlots}, pull as (
      insert into pulls (id, case_id, user_id, card_id, k, client_seed, remaining_before,
        draw_index, position, price_cents, fmv_cents)
      select ($5::uuid[])[n.t], $1::uuid, $6::uuid, card.card_id, card.k, $7::text,
        card.remaining_before, card.draw_index, card.position, $8::bigint, card.fmv_cents
      from generate_series(1, $14::int) as n(t) left join card on card.t = n.t
      returning id, pulled_at
    ), answer as (
      select card.*,
        jsonb_build_object('pullId', card.pull_id, 'drawn', ${drawnJson('card', 'pull')}) as response
      from card join pull on pull.id = card.pull_id
    ), kept as (
      ${keepAnswer(
        '$6::uuid',
        '$10::text',
        '$11::text',
        '$12::text',
        `$9::jsonb || jsonb_build_object('packs', jsonb_agg(answer.response order by answer.k))`,
        'answer',
      )}
    )${announcing ? `, announced as (${announcePull('card.pull_id', 'card', '$15::bigint')})` : ''}
    select answer.response -> 'drawn' as drawn,
      (select prior from draws order by t desc limit 1) as pulled_since,
      ${notifyPull(
        sqlText`${GRAIL_EVENTS_CHANNEL}`,
        'answer.pull_id',
        'answer',
        `case when answer.k = answer.total_items then 'sold_out' else 'active' end`,
      )}
    from answer
    order by answer.k`,
  );

const drawPull = [drawPullOf(false), drawPullOf(true)];
const drawPulls = [drawPullsOf(false), drawPullsOf(true)];

/**
 * A purchase's draw statement: one pack's, or with several receipts a purchase of several packs'
 * (their pull ids in pull order; the rest of the receipt is the same for each).
 */
export function drawStatement(
  receipts: Omit<PackReceipt, 'drawn'>[],
  key: IdempotencyOptions,
  candidates: Candidates,
  announceAboveCents: number | null = null,
): Execution {
  const [receipt] = receipts;
  const several = receipts.length > 1;
  const values: SqlValue[] = [
    receipt!.caseId,
    candidates.base,
    candidates.indexes,
    candidates.slices,
    several ? `{${receipts.map((r) => r.pullId).join(',')}}` : receipt!.pullId,
    receipt!.userId,
    receipt!.clientSeed,
    receipt!.priceCents,
    { json: several ? { ...receipt, pullId: undefined } : receipt },
    key.scope,
    key.key,
    requestHashOf(key.request),
    candidates.first,
    ...(several ? [receipts.length] : []),
  ];
  const announcing = announceAboveCents !== null;
  const statement = (several ? drawPulls : drawPull)[announcing ? 1 : 0]!;
  return { prepared: statement, values: announcing ? [...values, announceAboveCents] : values };
}

/** The failure of a draw statement that drew nothing (see drawStatement). */
export const isNotDrawn = (err: unknown) => {
  const e = err as { code?: string; table?: string; column?: string };
  return e.code === '23502' && e.table === 'pulls' && e.column === 'card_id';
};
