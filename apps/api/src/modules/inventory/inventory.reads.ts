import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { z } from 'zod';
import { dollarsToCents, type StoreItemsQuery, type StoreSort } from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { alias } from 'drizzle-orm/pg-core';
import { cards } from '../../db/schema/index.js';

/** What other modules read of the cards (inventory alone writes them). */

/** The name and FMV of each of these cards. */
export async function cardNamesAndFmv(db: Db | Tx, cardIds: string[]) {
  if (!cardIds.length) return [];
  return db
    .select({ id: cards.id, name: cards.name, fmvCents: cards.fmvCents })
    .from(cards)
    .where(inArray(cards.id, [...new Set(cardIds)]));
}

/** SQL: the name of card `card` (SQL: a literal, a parameter or a column). */
export const cardNameOf = (card: string) => `(select name from cards where id = ${card})`;

type CardRow = typeof cards.$inferSelect;

/** The cards with these ids, by id (unknown ids are absent). */
export async function cardsByIds(db: Db | Tx, ids: string[]): Promise<Map<string, CardRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(cards).where(inArray(cards.id, ids));
  return new Map(rows.map((c) => [c.id, c]));
}

/**
 * SQL for the pack purchase's draw statement: marks the card drawn from `source` (whose column
 * `card_id` names it) pulled, if it is still in its case, and returns `source`'s columns with
 * the card's name, grading, images and FMV.
 */
export const markPulled = (
  source: string,
) => `update cards set status = 'pulled', updated_at = now()
      from ${source}
      where cards.id = ${source}.card_id and cards.status = 'in_case'
      returning ${source}.*, cards.name, cards.grader, cards.grade, cards.cert_number,
        cards.image_ids, cards.fmv_cents`;

/** `text` as an ILIKE pattern that matches it anywhere, its wildcards taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The card search of the store and the staff's inventory: the text anywhere in the name, player,
 * set or team, and with `certNumber` in the cert number too. PGlite has no pg_trgm, so (one
 * dialect) this is an ILIKE filter; a trigram index is the server-only upgrade.
 */
export function cardSearch(text: string, opts: { certNumber?: boolean } = {}): SQL {
  const pattern = likePattern(text);
  return or(
    ilike(cards.name, pattern),
    ilike(cards.player, pattern),
    ilike(cards.setName, pattern),
    ilike(cards.team, pattern),
    ...(opts.certNumber ? [ilike(cards.certNumber, pattern)] : []),
  )!;
}

/** Available cards not among `excluded` (a subquery of card ids), highest FMV first. */
export function availableCardsExcept(db: Db | Tx, excluded: SQLWrapper, limit: number) {
  return db
    .select()
    .from(cards)
    .where(and(eq(cards.status, 'available'), notInArray(cards.id, excluded)))
    .orderBy(desc(cards.fmvCents))
    .limit(limit);
}

/** How many cards there are, whatever their status. */
export async function cardCount(db: Db | Tx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cards);
  return row?.n ?? 0;
}

export type StoreFilters = z.output<typeof StoreItemsQuery>;

const SORT_COLUMNS = {
  createdAt: cards.createdAt,
  storePrice: cards.storePriceCents,
  fmv: cards.fmvCents,
  name: cards.name,
} satisfies Record<StoreSort, unknown>;

/**
 * The store's cards matching `f`. The base predicate matches the partial indexes
 * (status = 'available' and store_price_cents is not null), so every sort walks one of them.
 */
function storeCondition(f: StoreFilters) {
  const where: SQL[] = [eq(cards.status, 'available'), isNotNull(cards.storePriceCents)];
  if (f.q) where.push(cardSearch(f.q));
  if (f.sport) where.push(sql`lower(${cards.sport}) = lower(${f.sport})`);
  if (f.grader === 'Raw') where.push(isNull(cards.grader));
  else if (f.grader) where.push(eq(cards.grader, f.grader));
  if (f.minGrade !== undefined) where.push(gte(cards.gradeValue, f.minGrade));
  if (f.maxGrade !== undefined) where.push(lte(cards.gradeValue, f.maxGrade));
  if (f.minPrice !== undefined) where.push(gte(cards.storePriceCents, dollarsToCents(f.minPrice)));
  if (f.maxPrice !== undefined) where.push(lte(cards.storePriceCents, dollarsToCents(f.maxPrice)));
  return and(...where);
}

/** One page of the store grid (a query: the index test EXPLAINs exactly what the store runs). */
export function storePage(db: Db | Tx, f: StoreFilters) {
  const column = SORT_COLUMNS[f.sort];
  const direction = f.order === 'asc' ? asc : desc;
  return db
    .select()
    .from(cards)
    .where(storeCondition(f))
    .orderBy(direction(column), direction(cards.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
}

/** How many cards the store grid holds for `f`. */
export async function storeCount(db: Db | Tx, f: StoreFilters): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(cards)
    .where(storeCondition(f));
  return row?.total ?? 0;
}

/** The highest-value cards still available (in the store or the live case) worth `minFmvCents`. */
export function featuredCards(db: Db | Tx, limit: number, minFmvCents: number) {
  return db
    .select()
    .from(cards)
    .where(
      and(
        or(eq(cards.status, 'available'), eq(cards.status, 'in_case')),
        gte(cards.fmvCents, minFmvCents),
      ),
    )
    .orderBy(desc(cards.fmvCents), asc(cards.id))
    .limit(limit);
}

/** The store's cards: id and last change, newest first. */
export function storeCardIds(db: Db | Tx, limit: number) {
  return db
    .select({ id: cards.id, updatedAt: cards.updatedAt })
    .from(cards)
    .where(and(eq(cards.status, 'available'), isNotNull(cards.storePriceCents)))
    .orderBy(desc(cards.createdAt), desc(cards.id))
    .limit(limit);
}

/** One card, or undefined. */
export async function cardById(db: Db | Tx, id: string): Promise<CardRow | undefined> {
  const [row] = await db.select().from(cards).where(eq(cards.id, id)).limit(1);
  return row;
}

/** The ids of the other cards of `player` (a subquery for the caller's WHERE). */
export const otherCardIdsOfPlayer = (db: Db | Tx, player: string, exceptId: string) =>
  db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.player, player), ne(cards.id, exceptId)));

/** The grade, pictures and fair market value of a card, last in the selects below (same order). */
const gradeAndValueColumns = {
  grader: cards.grader,
  grade: cards.grade,
  gradeValue: cards.gradeValue,
  certNumber: cards.certNumber,
  imageIds: cards.imageIds,
  fmvCents: cards.fmvCents,
  fmvSource: cards.fmvSource,
  fmvUpdatedAt: cards.fmvUpdatedAt,
};

/**
 * The card columns a vault lists, filters and sorts by, as a select the vault unites with the
 * break hits' (breaks' heldHitColumns) and joins its holdings to: it never names the cards table.
 */
export const heldCardColumns = (db: Db | Tx) =>
  db
    .select({
      cardId: cards.id,
      name: cards.name,
      player: cards.player,
      setName: cards.setName,
      team: cards.team,
      sport: cards.sport,
      year: cards.year,
      ...gradeAndValueColumns,
    })
    .from(cards);

/** The card facts a marketplace listing shows, filters and sorts by. */
const MARKET_CARD = {
  cardId: cards.id,
  name: cards.name,
  player: cards.player,
  year: cards.year,
  setName: cards.setName,
  cardNumber: cards.cardNumber,
  sport: cards.sport,
  ...gradeAndValueColumns,
};

/** The marketplace's card facts as a select it joins to. */
export const marketCardColumns = (db: Db | Tx) => db.select(MARKET_CARD).from(cards);

export type MarketCardFacts = Awaited<ReturnType<typeof marketCardColumns>>[number];

/**
 * SQL: the same facts of card `card` (SQL: a parameter or a column) as one JSON object, for a
 * statement sent as text; `marketCardOfJson` reads it back.
 */
export const marketCardJson = (card: string) =>
  `(select jsonb_build_object(${Object.entries(MARKET_CARD)
    .map(([key, column]) => `'${key}', ${column.name}`)
    .join(', ')}) from cards where id = ${card})`;

export const marketCardOfJson = (json: unknown): MarketCardFacts => {
  const facts = (typeof json === 'string' ? JSON.parse(json) : json) as MarketCardFacts & {
    fmvUpdatedAt: string;
  };
  return { ...facts, fmvUpdatedAt: new Date(facts.fmvUpdatedAt) };
};

/**
 * The ids of every card with the identity of `cardId` (sport, player, year, set, number, grader
 * and grade): one subquery the comps select sales by.
 */
export const sameIdentityCardIds = (db: Db | Tx, cardId: string) => {
  const of = alias(cards, 'of_card');
  return db
    .select({ id: cards.id })
    .from(cards)
    .innerJoin(
      of,
      and(
        eq(of.id, cardId),
        eq(cards.sport, of.sport),
        eq(cards.player, of.player),
        eq(cards.year, of.year),
        eq(cards.setName, of.setName),
        eq(cards.cardNumber, of.cardNumber),
        sql`${cards.grader} is not distinct from ${of.grader}`,
        sql`${cards.grade} is not distinct from ${of.grade}`,
      ),
    );
};
