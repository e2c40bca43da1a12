import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { dollarsToCents, type MarketQuery } from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import { marketListings, marketOfferEvents, marketOffers } from '../../db/schema/index.js';
import { marketCardColumns } from '../inventory/inventory.reads.js';
import { likeEscape, namesOf } from '../users/users.reads.js';
import type { ListingRecord, ListingRow, LockedListing, OfferEventRecord } from './market.view.js';

/** The market's own joins: listings with their cards, and the names of the people in them. */

/** Listings joined to their cards, for a `where` and order the caller adds. */
export function listingsWithCards(db: Db | Tx) {
  const card = marketCardColumns(db).as('listed_card');
  const query = db
    .select({ listing: marketListings, card: card._.selectedFields })
    .from(marketListings)
    .innerJoin(card, eq(card.cardId, marketListings.cardId))
    .$dynamic();
  return { query, card };
}

type CardOf = ReturnType<typeof listingsWithCards>['card'];

/** Adds each listing's seller handle. */
export async function withSellers(
  db: Db | Tx,
  rows: { listing: ListingRecord; card: ListingRow['card'] }[],
): Promise<ListingRow[]> {
  const names = await namesOf(
    db,
    rows.map((r) => r.listing.sellerId),
  );
  return rows.map((r) => ({
    ...r,
    seller: names.get(r.listing.sellerId)?.username ?? 'collector',
  }));
}

export async function listingById(db: Db | Tx, listingId: string): Promise<ListingRow | null> {
  const { query } = listingsWithCards(db);
  const rows = await query.where(eq(marketListings.id, listingId)).limit(1);
  return rows[0] ? ((await withSellers(db, rows))[0] ?? null) : null;
}

/** These listings with their cards, by id (one query, without the sellers' names). */
export async function listingsByIds(db: Db | Tx, listingIds: string[]) {
  if (!listingIds.length) return new Map<string, LockedListing>();
  const { query } = listingsWithCards(db);
  const rows = await query.where(inArray(marketListings.id, listingIds));
  return new Map(rows.map((r) => [r.listing.id, r]));
}

function searchConditions(card: CardOf, f: MarketQuery): SQL[] {
  const like = (text: string) => `%${likeEscape(text)}%`;
  const conditions: (SQL | undefined)[] = [
    eq(marketListings.status, 'open'),
    isNull(marketListings.frozenAt),
    f.q
      ? or(
          ilike(card.player, like(f.q)),
          ilike(card.name, like(f.q)),
          ilike(card.setName, like(f.q)),
        )
      : undefined,
    f.player ? ilike(card.player, like(f.player)) : undefined,
    f.set ? ilike(card.setName, like(f.set)) : undefined,
    f.year ? eq(card.year, f.year) : undefined,
    f.sport ? ilike(card.sport, f.sport) : undefined,
    f.grader === 'raw' ? isNull(card.grader) : f.grader ? eq(card.grader, f.grader) : undefined,
    f.minGrade !== undefined ? gte(card.gradeValue, f.minGrade) : undefined,
    f.minPrice !== undefined
      ? gte(marketListings.priceCents, dollarsToCents(f.minPrice))
      : undefined,
    f.maxPrice !== undefined
      ? lte(marketListings.priceCents, dollarsToCents(f.maxPrice))
      : undefined,
  ];
  return conditions.filter((c): c is SQL => c !== undefined);
}

function searchOrder(card: CardOf, sort: MarketQuery['sort']): SQL[] {
  switch (sort) {
    case 'price_asc':
      return [asc(marketListings.priceCents), asc(marketListings.id)];
    case 'price_desc':
      return [desc(marketListings.priceCents), asc(marketListings.id)];
    case 'below_fmv':
      return [asc(sql`${marketListings.priceCents} - ${card.fmvCents}`), asc(marketListings.id)];
    case 'grade_desc':
      return [sql`${card.gradeValue} desc nulls last`, desc(marketListings.createdAt)];
    default:
      return [desc(marketListings.createdAt), asc(marketListings.id)];
  }
}

/** One page of open, unfrozen listings matching the search, and how many match in all. */
export async function searchListings(db: Db | Tx, f: MarketQuery) {
  const { query, card } = listingsWithCards(db);
  const where = and(...searchConditions(card, f));
  const rows = await query
    .where(where)
    .orderBy(...searchOrder(card, f.sort))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const counted = listingsWithCards(db);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(marketListings)
    .innerJoin(counted.card, eq(counted.card.cardId, marketListings.cardId))
    .where(and(...searchConditions(counted.card, f)));
  return { rows: await withSellers(db, rows), total: total?.n ?? 0 };
}

/** A seller's listings, newest first, with how many offers are open on each. */
export async function listingsOfSeller(db: Db | Tx, sellerId: string, limit = 200) {
  const { query } = listingsWithCards(db);
  const rows = await query
    .where(eq(marketListings.sellerId, sellerId))
    .orderBy(desc(marketListings.createdAt))
    .limit(limit);
  const open = rows.length
    ? await db
        .select({ listingId: marketOffers.listingId, n: sql<number>`count(*)::int` })
        .from(marketOffers)
        .where(
          and(
            inArray(
              marketOffers.listingId,
              rows.map((r) => r.listing.id),
            ),
            eq(marketOffers.status, 'open'),
          ),
        )
        .groupBy(marketOffers.listingId)
    : [];
  const counts = new Map(open.map((o) => [o.listingId, o.n]));
  return (await withSellers(db, rows)).map((r) => ({
    ...r,
    openOffers: counts.get(r.listing.id) ?? 0,
  }));
}

/** Each offer's history, oldest first. */
export async function offerEvents(db: Db | Tx, offerIds: string[]) {
  const byOffer = new Map<string, OfferEventRecord[]>();
  if (!offerIds.length) return byOffer;
  const rows = await db
    .select()
    .from(marketOfferEvents)
    .where(inArray(marketOfferEvents.offerId, offerIds))
    .orderBy(asc(marketOfferEvents.id));
  for (const row of rows) byOffer.set(row.offerId, [...(byOffer.get(row.offerId) ?? []), row]);
  return byOffer;
}

/**
 * Open offers that expire after `from` and by `to`, each with the side whose turn it is (the one
 * that did not name the amount on the table) and its card's name: the offer reminders.
 */
export async function offersExpiringToAnswer(db: Db | Tx, from: Date, to: Date) {
  const offers = await db
    .select()
    .from(marketOffers)
    .where(
      and(
        eq(marketOffers.status, 'open'),
        gt(marketOffers.expiresAt, from),
        lte(marketOffers.expiresAt, to),
      ),
    );
  const listings = await listingsByIds(db, [...new Set(offers.map((o) => o.listingId))]);
  return offers.map((o) => ({
    id: o.id,
    to: o.by === 'buyer' ? o.sellerId : o.buyerId,
    cardName: listings.get(o.listingId)?.card.name ?? 'a card',
    amountCents: o.amountCents,
    expiresAt: o.expiresAt,
  }));
}
