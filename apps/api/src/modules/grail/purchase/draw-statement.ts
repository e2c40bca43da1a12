import { sqlText, type Execution, type SqlValue } from '../../../db/batch.js';
import { prepared } from '../../../db/statements.js';
import { requestHashOf, type IdempotencyOptions } from '../../idempotency/idempotency.service.js';
import { GRAIL_EVENTS_CHANNEL } from '../grail.events.js';
import { caseOpenness } from '../grail.rules.js';
import type { Candidates } from './candidates.js';
import type { PackReceipt } from './receipt.js';
import { keepAnswer, keepAnswerPart } from '../../idempotency/idempotency.reads.js';
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

/**
 * The statement that needs the case row's lock (taken by the statement before it, so that this
 * one starts, and takes its snapshot, after the previous holder committed): take pull number k,
 * find its card among the candidates, mark it pulled, record the pull and the Idempotency-Key's
 * answer, and queue the NOTIFY (delivered on commit). It is prepared, so that its planning is
 * done once per connection rather than while the lock is held.
 *
 * Its one pull row comes from a left join, so when nothing was drawn (the case closed or sold
 * out, or k is not base + 1 … base + the number of candidates) that row has no card, fails the
 * NOT NULL on pulls.card_id and so fails the statement, and the COMMIT sent after it never runs.
 *
 * $1 case id, $2 base, $3 indexes, $4 slices, $5 pull id, $6 user id, $7 client seed, $8 price,
 * $9 the receipt without its draw, $10 to $12 the Idempotency-Key's scope, key and request hash,
 * $13 the first candidate's j, and when pulls are announced on Discord, $14 the FMV in cents
 * above which one is. A pack of a purchase of several stores its receipt as one of the key's
 * answer's `receipts`, the list its purchase's draws build up (see SeveralReceipt). The
 * announcement is an outbox row written by this statement, so it commits with the pull or not at
 * all. Without announcements the statement has no outbox part (less to set up per purchase).
 * It answers the draw (the receipt's `drawn`), which the caller adds to the receipt it sent.
 */
const drawPullOf = (announcing: boolean, several: boolean) =>
  prepared(
    `grail_draw_pull${several ? '_of_several' : ''}${announcing ? '_announced' : ''}`,
    `with taken as (
      update grail_cases set
        pulls_count = pulls_count + 1,
        status = case when pulls_count + 1 = total_items then 'sold_out' else 'active' end,
        updated_at = now()
      where id = $1::uuid and ${caseOpenness('grail_cases')} = 'open'
      returning pulls_count as k, total_items, status as case_status
    ), pick as (
      select taken.*, k - $2::int as j, total_items - k + 1 as remaining_before,
        ($3::int[])[k - $2::int - $13::int + 1] as draw_index
      from taken
      where k - $2::int between $13::int and $13::int + cardinality($3::int[]) - 1
    ), between_pulls as (
      select coalesce(array_agg(pulls.position order by pulls.k), '{}') as positions
      from pulls, pick
      where pulls.case_id = $1::uuid and pulls.k > $2::int and pulls.k < pick.k
    ), slot as (
      -- The one candidate whose rank among the cards left at k is the index: the nth of the
      -- slice has n - 1 of the pulls in between below it, and is not one of them.
      select pick.*, s.position
      from pick, between_pulls,
        unnest(($4::int[])[(j - 1) * j / 2 - $13::int * ($13::int - 1) / 2 + 1
          : j * (j + 1) / 2 - $13::int * ($13::int - 1) / 2]) with ordinality as s(position, nth)
      where s.position <> all (between_pulls.positions)
        and nth - 1 = (select count(*) from unnest(between_pulls.positions) b where b < s.position)
    ), marked as (
      update case_cards set pulled = true from slot
      where case_cards.case_id = $1::uuid and case_cards.position = slot.position
        and not case_cards.pulled
      returning slot.*, case_cards.card_id
    ), card as (
      ${markPulled('marked')}
    ), pull as (
      insert into pulls (id, case_id, user_id, card_id, k, client_seed, remaining_before,
        draw_index, position, price_cents, fmv_cents)
      select $5::uuid, $1::uuid, $6::uuid, card.card_id, card.k, $7::text, card.remaining_before,
        card.draw_index, card.position, $8::bigint, card.fmv_cents
      from (values (1)) as one_row left join card on true
      returning pulled_at
    ), answer as (
      select card.*, $9::jsonb || jsonb_build_object('drawn', jsonb_build_object(
          'k', card.k,
          'remainingBefore', card.remaining_before,
          'drawIndex', card.draw_index,
          'position', card.position,
          'fmvCents', card.fmv_cents,
          'pulledAt', to_char(pull.pulled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'card', jsonb_build_object('id', card.card_id, 'name', card.name, 'grader', card.grader,
            'grade', card.grade, 'certNumber', card.cert_number, 'imageIds', card.image_ids)
        )) as response
      from card cross join pull
    ), kept as (
      ${
        several
          ? keepAnswerPart(
              'receipts',
              '$6::uuid',
              '$10::text',
              '$11::text',
              '$12::text',
              `jsonb_build_object('receipts', jsonb_build_array(answer.response))`,
              'answer',
            )
          : keepAnswer(
              '$6::uuid',
              '$10::text',
              '$11::text',
              '$12::text',
              'answer.response',
              'answer',
            )
      }
    )${
      announcing
        ? `, announced as (
      ${queueMessages(
        `'webhook'`,
        `jsonb_build_object('target', 'discord-grail-pull', 'pullId', $5::uuid)`,
        'card',
        'card.fmv_cents > $14::bigint',
      )}
    )`
        : ''
    }
    select answer.response -> 'drawn' as drawn,
      between_pulls.positions || answer.position as pulled_since,
      pg_notify(${sqlText`${GRAIL_EVENTS_CHANNEL}`}, json_build_object(
        'pullId', $5::uuid, 'caseId', $1::uuid, 'k', answer.k, 'position', answer.position,
        'remaining', answer.remaining_before - 1, 'totalItems', answer.total_items,
        'status', answer.case_status)::text)
    from answer, between_pulls`,
  );
const drawPulls = [false, true].map((several) =>
  [false, true].map((announcing) => drawPullOf(announcing, several)),
);

/** One pack's draw; `several` when it is one of a purchase of several packs. */
export function drawStatement(
  receipt: Omit<PackReceipt, 'drawn'>,
  key: IdempotencyOptions,
  candidates: Candidates,
  announceAboveCents: number | null = null,
  several = false,
): Execution {
  const values: SqlValue[] = [
    receipt.caseId,
    candidates.base,
    candidates.indexes,
    candidates.slices,
    receipt.pullId,
    receipt.userId,
    receipt.clientSeed,
    receipt.priceCents,
    { json: receipt },
    key.scope,
    key.key,
    requestHashOf(key.request),
    candidates.first,
  ];
  const [drawPull, drawPullAnnounced] = drawPulls[several ? 1 : 0]!;
  if (announceAboveCents === null) return { prepared: drawPull!, values };
  return { prepared: drawPullAnnounced!, values: [...values, announceAboveCents] };
}

/** The failure of a draw statement that drew nothing (see drawStatement). */
export const isNotDrawn = (err: unknown) => {
  const e = err as { code?: string; table?: string; column?: string };
  return e.code === '23502' && e.table === 'pulls' && e.column === 'card_id';
};
