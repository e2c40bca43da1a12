import type { PullResponse } from '@grail/contract';
import { sqlText, type Execution, type Prepared, type SqlValue } from '../../db/batch.js';
import type { cards, grailCases } from '../../db/schema/index.js';
import { requestHashOf, type IdempotencyOptions } from '../idempotency/idempotency.service.js';
import { toPull, type BuybackTerms } from '../pulls/pull.view.js';
import { drawIndex } from './fairness.js';
import { GRAIL_EVENTS_CHANNEL } from './grail.events.js';

/*
 * The parts of a pack purchase (GrailService.buyPack) that run while the case row is locked, and
 * what they are computed from beforehand. The case row is the one point every buyer of a case
 * shares, so the statement that holds it does as little as it can: everything that can be
 * computed before the lock is, here, in this process (which alone knows the server seed).
 */

type CaseRow = typeof grailCases.$inferSelect;
type CardRow = typeof cards.$inferSelect;

/**
 * This process's copy of one live case's remaining cards: the positions not yet pulled after pull
 * number `k`, ascending. Each purchase brings it up to date from the pulls table in the same
 * snapshot as it reads the case's count, so it is always the exact state after some committed
 * pull; concurrent purchases in this process share it, and pulls sold by other processes reach
 * it the same way.
 */
export class RemainingPositions {
  /** Pulls applied; -1 until loaded. */
  k = -1;
  positions: number[] = [];
  /** The case's fixed facts, once a purchase or learnCase has seen it open. */
  live: LiveCase | null = null;

  /**
   * Applies what the purchase's first statement read (seePack): every unpulled position when
   * `from` is -1, else the positions pulled after pull `from`, in pull order, up to pull `count`.
   * False when it does not fit (then this copy must be dropped and loaded again).
   */
  apply(from: number, count: number, read: number[]): boolean {
    if (from < 0) {
      if (this.k >= 0 && this.k >= count) return true;
      this.k = count;
      this.positions = read;
      return true;
    }
    if (read.length !== count - from) return false;
    for (let k = Math.max(from, this.k) + 1; k <= count; k++) {
      const position = read[k - from - 1]!;
      const at = lowerBound(this.positions, position);
      if (this.positions[at] !== position) return false;
      this.positions.splice(at, 1);
      this.k = k;
    }
    return true;
  }
}

function lowerBound(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

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
const seePack = (all: boolean): Prepared => ({
  name: all ? 'grail_see_pack_all' : 'grail_see_pack',
  text: `select c.name, c.status, c.pack_price_cents, c.activation_time, c.total_items,
      c.pulls_count, c.tiers, c.server_seed_enc,
      (select balance_cents from wallets where user_id = $2::uuid) as balance_cents,
      stored.request_hash as stored_hash, stored.response as stored_response,
      ${
        all
          ? `(select coalesce(array_agg(position order by position), '{}') from case_cards
              where case_id = $1::uuid and not pulled and $5::int < 0)`
          : `(select coalesce(array_agg(position order by k), '{}') from pulls
              where case_id = $1::uuid and k > $5::int)`
      } as positions,
      (select u.client_seed from sessions s join users u on u.id = s.user_id
        where s.id = $6::uuid and s.user_id = $2::uuid and s.expires_at > now()
          and u.disabled_at is null) as buyer_client_seed
    from grail_cases c
    left join idempotency_keys stored
      on stored.user_id = $2::uuid and stored.scope = $3::text and stored.key = $4::text
    where c.id = $1::uuid`,
});
const seeDelta = seePack(false);
const seeAll = seePack(true);

export interface SeenPack {
  name: string;
  status: CaseRow['status'];
  pack_price_cents: number;
  activation_time: Date | null;
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

/** Takes the case row's lock (FOR NO KEY UPDATE, as the UPDATE of its count would). */
export function lockStatement(caseId: string): Execution {
  return { prepared: lockCase, values: [caseId] };
}

const lockCase: Prepared = {
  name: 'grail_lock_case',
  text: 'select 1 from grail_cases where id = $1::uuid for no key update',
};

/**
 * What the locked statement needs to draw pull number base + j for j = 1 … indexes.length, with
 * `base` the pull number the remaining copy is at. indexes[j − 1] is the fairness rule's index
 * for that k with the buyer's client seed. The card is the index-th of the cards remaining at k,
 * which are this copy's positions less those the j − 1 pulls in between take; so it is one of
 * positions[index … index + j − 1], and `slices` holds those j positions for each j, one after the
 * other (j's start at (j − 1)·j/2). So the locked statement looks at j positions and the j − 1
 * pulls in between instead of counting through every remaining card. Nothing here is stored, and
 * each index is a draw with this buyer's own client seed, so it shows no other buyer's draw and
 * nothing of the server seed (the positions are public: the fairness page lists every pull's).
 */
export interface Candidates {
  base: number;
  indexes: number[];
  slices: number[];
}

export function candidatesFor(
  serverSeed: Buffer,
  clientSeed: string,
  remaining: RemainingPositions,
  count: number,
  totalItems: number,
): Candidates {
  const base = remaining.k;
  const indexes: number[] = [];
  const slices: number[] = [];
  for (let j = 1; j <= count && base + j <= totalItems; j++) {
    const k = base + j;
    const index = drawIndex(serverSeed, clientSeed, k, totalItems - k + 1);
    indexes.push(index);
    for (let i = 0; i < j; i++) slices.push(remaining.positions[index + i]!);
  }
  return { base, indexes, slices };
}

/**
 * What a purchase stores with its Idempotency-Key: everything its answer is made of, as it was at
 * the draw (the card's name and images may change once it is back in inventory).
 */
export interface PackReceipt {
  pullId: string;
  caseId: string;
  userId: string;
  clientSeed: string;
  priceCents: number;
  caseName: string;
  totalItems: number;
  tiers: CaseRow['tiers'];
  buyback: BuybackTerms;
  drawn: {
    k: number;
    remainingBefore: number;
    drawIndex: number;
    position: number;
    fmvCents: number;
    pulledAt: string;
    card: Pick<CardRow, 'id' | 'name' | 'grader' | 'grade' | 'certNumber' | 'imageIds'>;
  };
}

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
 * and when pulls are announced on Discord, $13 the FMV in cents above which one is. The
 * announcement is an outbox row written by this statement, so it commits with the pull or not at
 * all. Without announcements the statement has no outbox part (less to set up per purchase).
 * It answers the draw (the receipt's `drawn`), which the caller adds to the receipt it sent.
 */
const drawPullOf = (announcing: boolean): Prepared => ({
  name: announcing ? 'grail_draw_pull_announced' : 'grail_draw_pull',
  text: `with taken as (
      update grail_cases set
        pulls_count = pulls_count + 1,
        status = case when pulls_count + 1 = total_items then 'sold_out' else 'active' end,
        updated_at = now()
      where id = $1::uuid and status in ('scheduled', 'active')
        and pulls_count < total_items and (activation_time is null or activation_time <= now())
      returning pulls_count as k, total_items, status as case_status
    ), pick as (
      select taken.*, k - $2::int as j, total_items - k + 1 as remaining_before,
        ($3::int[])[k - $2::int] as draw_index
      from taken
      where k - $2::int between 1 and cardinality($3::int[])
    ), between_pulls as (
      select coalesce(array_agg(pulls.position order by pulls.k), '{}') as positions
      from pulls, pick
      where pulls.case_id = $1::uuid and pulls.k > $2::int and pulls.k < pick.k
    ), slot as (
      -- The one candidate whose rank among the cards left at k is the index: the nth of the
      -- slice has n - 1 of the pulls in between below it, and is not one of them.
      select pick.*, s.position
      from pick, between_pulls,
        unnest(($4::int[])[(j - 1) * j / 2 + 1 : j * (j + 1) / 2]) with ordinality as s(position, nth)
      where s.position <> all (between_pulls.positions)
        and nth - 1 = (select count(*) from unnest(between_pulls.positions) b where b < s.position)
    ), marked as (
      update case_cards set pulled = true from slot
      where case_cards.case_id = $1::uuid and case_cards.position = slot.position
        and not case_cards.pulled
      returning slot.*, case_cards.card_id
    ), card as (
      update cards set status = 'pulled', updated_at = now() from marked
      where cards.id = marked.card_id and cards.status = 'in_case'
      returning marked.*, cards.name, cards.grader, cards.grade, cards.cert_number,
        cards.image_ids, cards.fmv_cents
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
      insert into idempotency_keys (user_id, scope, key, request_hash, status_code, response)
      select $6::uuid, $10::text, $11::text, $12::text, 201, answer.response
      from answer
    )${
      announcing
        ? `, announced as (
      insert into outbox_messages (kind, payload)
      select 'webhook', jsonb_build_object('target', 'discord-grail-pull', 'pullId', $5::uuid)
      from card where card.fmv_cents > $13::bigint
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
});
const drawPull = drawPullOf(false);
const drawPullAnnounced = drawPullOf(true);

export function drawStatement(
  receipt: Omit<PackReceipt, 'drawn'>,
  key: IdempotencyOptions,
  candidates: Candidates,
  announceAboveCents: number | null = null,
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
  ];
  if (announceAboveCents === null) return { prepared: drawPull, values };
  return { prepared: drawPullAnnounced, values: [...values, announceAboveCents] };
}

/** What a draw statement answers: the draw, and the positions pulled after `base` up to its k. */
export interface Drawn {
  drawn: PackReceipt['drawn'];
  pulled_since: number[];
}

/**
 * What a purchase's one-round-trip attempt knows of a live case without reading it: the facts a
 * committed case cannot change (the database refuses; its name is checked anyway, as the receipt
 * keeps it), and its sealed seed opened.
 */
export interface LiveCase {
  name: string;
  priceCents: number;
  totalItems: number;
  tiers: CaseRow['tiers'];
  serverSeed: Buffer;
}

/**
 * The one-round-trip attempt's check, after the Idempotency-Key's and the collector's locks and
 * before any write: that nothing calls for the full path. The key has no stored answer (a repeat
 * is answered by the full path), the session is live with the client seed the candidates used
 * (null when the buyer chose one), the case is as this process knows it, and the collector's
 * responsible-play condition (LimitsService.unrestrictedPurchase) holds. Otherwise the function
 * raises GP001 (migration 0016) and nothing after it runs.
 * $1 case id, $2 user id, $3 and $4 the key's scope and key, $5 the session id, $6 the client
 * seed from the session or null, $7 the case's name, $8 its pack price.
 */
// Its text is built once per condition, not per purchase.
const fastPathChecks = new WeakMap<(user: string) => string, Prepared>();
const fastPathCheck = (unrestricted: (user: string) => string): Prepared => {
  let check = fastPathChecks.get(unrestricted);
  if (!check) fastPathChecks.set(unrestricted, (check = fastPathCheckOf(unrestricted)));
  return check;
};
const fastPathCheckOf = (unrestricted: (user: string) => string): Prepared => ({
  name: 'grail_fast_path_check',
  text: `select pack_purchase_fast_path(
      not exists (select 1 from idempotency_keys
        where user_id = $2::uuid and scope = $3::text and key = $4::text)
      and exists (select 1 from sessions s join users u on u.id = s.user_id
        where s.id = $5::uuid and s.user_id = $2::uuid and s.expires_at > now()
          and u.disabled_at is null and ($6::text is null or u.client_seed = $6::text))
      and exists (select 1 from grail_cases
        where id = $1::uuid and name = $7::text and pack_price_cents = $8::bigint)
      and ${unrestricted('$2::uuid')})`,
});

export function fastPathCheckStatement(
  unrestricted: (user: string) => string,
  key: Omit<IdempotencyOptions, 'request'>,
  caseId: string,
  live: LiveCase,
  sessionId: string,
  sessionSeed: string | null,
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
    ],
  };
}

/** The failure of a one-round-trip attempt that needs the full path (see fastPathCheck). */
export const isFullPathNeeded = (err: unknown) => (err as { code?: string }).code === 'GP001';

/** The failure of a draw statement that drew nothing (see drawStatement). */
export const isNotDrawn = (err: unknown) => {
  const e = err as { code?: string; table?: string; column?: string };
  return e.code === '23502' && e.table === 'pulls' && e.column === 'card_id';
};

/**
 * A purchase's answer from its receipt, the same for the purchase and every repeat of its key.
 * Keys stored before receipts existed hold the answer itself.
 */
export function answerOf(stored: unknown): PullResponse {
  if (!(stored as Partial<PackReceipt>).drawn) return stored as PullResponse;
  const r = stored as PackReceipt;
  const pulledAt = new Date(r.drawn.pulledAt);
  const view = toPull(
    {
      pull: {
        id: r.pullId,
        caseId: r.caseId,
        userId: r.userId,
        cardId: r.drawn.card.id,
        k: r.drawn.k,
        clientSeed: r.clientSeed,
        remainingBefore: r.drawn.remainingBefore,
        drawIndex: r.drawn.drawIndex,
        position: r.drawn.position,
        priceCents: r.priceCents,
        fmvCents: r.drawn.fmvCents,
        status: 'revealed',
        shipmentId: null,
        buybackCents: null,
        pulledAt,
        claimedAt: null,
        soldBackAt: null,
      },
      card: { ...r.drawn.card, fmvCents: r.drawn.fmvCents },
      caseName: r.caseName,
      totalItems: r.totalItems,
      tiers: r.tiers,
      shipment: null,
    },
    r.buyback,
    // As answered at the draw: the sell-back offer runs from the pull's time.
    pulledAt,
  );
  return { pull: view };
}
