import {
  and,
  asc,
  desc,
  eq,
  gte,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { z } from 'zod';
import {
  centsToDollars,
  COMMITTED_CARD_MESSAGE,
  dollarsToCents,
  type CardInput,
  type CardUpdate,
  type SoldComparable,
  type StoreItemsQuery,
  type StoreSort,
} from '@grail/contract';
import { cardSearch } from '../inventory/inventory.reads.js';
import type { Db, Tx } from '../../db/client.js';
import { caseCards, cards, grailCases, orderItems, orders } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { notifyChange } from '../../lib/hot-changes.js';
import { unknownImageIds } from '../images/images.service.js';
import { toProduct, toStoreItem } from './catalog.view.js';

export type StoreFilters = z.output<typeof StoreItemsQuery>;
export type NewCard = z.output<typeof CardInput>;
export type CardChanges = z.output<typeof CardUpdate>;

const SORT_COLUMNS = {
  createdAt: cards.createdAt,
  storePrice: cards.storePriceCents,
  fmv: cards.fmvCents,
  name: cards.name,
} satisfies Record<StoreSort, unknown>;

/** The catalogue: store listing, product pages, featured cards and the admin's card upkeep. */
export class CatalogService {
  constructor(private readonly db: Db) {}

  /**
   * The store grid. The base predicate matches the partial indexes
   * (status = 'available' and store_price_cents is not null), so every sort walks one of them.
   */
  async storeItems(f: StoreFilters) {
    const condition = this.storeCondition(f);
    const [rows, [count]] = await Promise.all([
      this.storePage(f, condition),
      this.db
        .select({ total: sql<number>`count(*)::int` })
        .from(cards)
        .where(condition),
    ]);
    return {
      products: rows.map(toStoreItem),
      total: count?.total ?? 0,
      page: f.page,
      limit: f.limit,
    };
  }

  /** The page query as SQL (the index test EXPLAINs exactly what the store runs). */
  storeItemsSql(f: Omit<StoreFilters, 'q'> & { q?: string }) {
    return this.storePage(f as StoreFilters, this.storeCondition(f as StoreFilters)).getSQL();
  }

  private storePage(f: StoreFilters, condition: SQL | undefined) {
    const column = SORT_COLUMNS[f.sort];
    const direction = f.order === 'asc' ? asc : desc;
    return this.db
      .select()
      .from(cards)
      .where(condition)
      .orderBy(direction(column), direction(cards.id))
      .limit(f.limit)
      .offset((f.page - 1) * f.limit);
  }

  private storeCondition(f: StoreFilters) {
    const where: SQL[] = [eq(cards.status, 'available'), isNotNull(cards.storePriceCents)];
    if (f.q) where.push(cardSearch(f.q));
    if (f.sport) where.push(sql`lower(${cards.sport}) = lower(${f.sport})`);
    if (f.grader === 'Raw') where.push(isNull(cards.grader));
    else if (f.grader) where.push(eq(cards.grader, f.grader));
    if (f.minGrade !== undefined) where.push(gte(cards.gradeValue, f.minGrade));
    if (f.maxGrade !== undefined) where.push(lte(cards.gradeValue, f.maxGrade));
    if (f.minPrice !== undefined)
      where.push(gte(cards.storePriceCents, dollarsToCents(f.minPrice)));
    if (f.maxPrice !== undefined)
      where.push(lte(cards.storePriceCents, dollarsToCents(f.maxPrice)));
    return and(...where);
  }

  /** Featured cards: the highest-value cards still available (in the store or the live case). */
  async carouselCards(limit: number, minFmv: number) {
    const rows = await this.db
      .select()
      .from(cards)
      .where(
        and(
          or(eq(cards.status, 'available'), eq(cards.status, 'in_case')),
          gte(cards.fmvCents, dollarsToCents(minFmv)),
        ),
      )
      .orderBy(desc(cards.fmvCents), asc(cards.id))
      .limit(limit);
    return rows.map(toProduct);
  }

  /** Up to six cards of the same player sold in the store, latest first: price paid and date only. */
  async soldComparables(id: string): Promise<SoldComparable[]> {
    const [card] = await this.db
      .select({ player: cards.player })
      .from(cards)
      .where(eq(cards.id, id))
      .limit(1);
    if (!card) throw notFound('Card not found');
    const rows = await this.db
      .select({ card: cards, priceCents: orderItems.priceCents, soldAt: orders.paidAt })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(cards, eq(cards.id, orderItems.cardId))
      .where(and(eq(cards.player, card.player), ne(cards.id, id)))
      .orderBy(desc(orders.paidAt))
      .limit(6);
    return rows.map(({ card: sold, priceCents, soldAt }) => {
      const view = toProduct(sold);
      return {
        _id: view._id,
        name: view.name,
        gradeLabel: view.gradeLabel,
        imageUrl: view.imageUrl,
        price: centsToDollars(priceCents),
        soldAt: soldAt.toISOString(),
      };
    });
  }

  /** The store's cards for the sitemap: id and last change, newest first. */
  async storeProductIds(limit = 50_000) {
    return this.db
      .select({ id: cards.id, updatedAt: cards.updatedAt })
      .from(cards)
      .where(and(eq(cards.status, 'available'), isNotNull(cards.storePriceCents)))
      .orderBy(desc(cards.createdAt), desc(cards.id))
      .limit(limit);
  }

  async product(id: string) {
    const [row] = await this.db.select().from(cards).where(eq(cards.id, id)).limit(1);
    if (!row) throw notFound('Card not found');
    return toProduct(row);
  }

  /** A card shows only uploaded images: an id naming none is refused, naming the field. */
  private async refuseUnknownImages(
    imageIds: readonly string[] | undefined,
    tx: Db | Tx = this.db,
  ) {
    const [unknown] = await unknownImageIds(imageIds ?? [], tx);
    if (unknown !== undefined) {
      throw badRequest(`Invalid body imageIds: no uploaded image has the id ${unknown}`, {
        field: 'imageIds',
      });
    }
  }

  /** `tx`: a caller's transaction (a bought slab becomes a card with the purchase's record). */
  async create(input: NewCard, tx: Db | Tx = this.db) {
    await this.refuseUnknownImages(input.imageIds, tx);
    const [row] = await tx
      .insert(cards)
      .values({
        name: input.name,
        player: input.player,
        year: input.year,
        setName: input.setName,
        cardNumber: input.cardNumber,
        sport: input.sport,
        team: input.team,
        variant: input.variant,
        grader: input.grader,
        grade: input.grade,
        gradeValue: input.gradeValue,
        certNumber: input.certNumber,
        conditionNote: input.conditionNote,
        imageIds: input.imageIds,
        fmvCents: dollarsToCents(input.fmv),
        storePriceCents: input.storePrice === null ? null : dollarsToCents(input.storePrice),
      })
      .returning();
    await notifyChange('catalog', tx);
    return toProduct(row!);
  }

  /** Sold, pulled and in-case cards keep their history: only their description may change. */
  async update(id: string, input: CardChanges) {
    const [current] = await this.db.select().from(cards).where(eq(cards.id, id)).limit(1);
    if (!current) throw notFound('Card not found');
    await this.refuseCommittedChange(current, input);
    await this.refuseUnknownImages(input.imageIds);
    const movable = current.status === 'available' || current.status === 'reserved';
    if (!movable && (input.status !== undefined || input.storePrice !== undefined)) {
      throw conflict(
        `This card is ${current.status.replace('_', ' ')}: its price and status are final.`,
      );
    }
    const [row] = await this.db
      .update(cards)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.fmv !== undefined && { fmvCents: dollarsToCents(input.fmv) }),
        // The date beside the FMV is when its value last changed.
        ...(input.fmv !== undefined &&
          dollarsToCents(input.fmv) !== current.fmvCents && { fmvUpdatedAt: new Date() }),
        ...(input.storePrice !== undefined && {
          storePriceCents: input.storePrice === null ? null : dollarsToCents(input.storePrice),
        }),
        ...(input.status !== undefined && { status: input.status }),
        ...(input.imageIds !== undefined && { imageIds: input.imageIds }),
        ...(input.conditionNote !== undefined && { conditionNote: input.conditionNote }),
        updatedAt: new Date(),
      })
      .where(eq(cards.id, id))
      .returning();
    // A card's name, value and images also show in the live case and its pulls.
    await notifyChange(['catalog', 'grail'], this.db);
    return toProduct(row!);
  }

  /**
   * The clear, early form of what the database refuses anyway (migration 0007): a card of a
   * committed Grail case keeps its FMV for good, and while that case holds it (in_case) or a
   * collector owns it (pulled) its name and status too. A card back in inventory may otherwise
   * be renamed, repriced and sold like any other.
   */
  private async refuseCommittedChange(current: typeof cards.$inferSelect, input: CardChanges) {
    const held = current.status === 'in_case' || current.status === 'pulled';
    const changes =
      (input.fmv !== undefined && dollarsToCents(input.fmv) !== current.fmvCents) ||
      (held && input.name !== undefined && input.name !== current.name) ||
      (held && input.status !== undefined && input.status !== current.status);
    if (!changes) return;
    const [committed] = await this.db
      .select({ status: grailCases.status })
      .from(caseCards)
      .innerJoin(grailCases, eq(grailCases.id, caseCards.caseId))
      .where(and(eq(caseCards.cardId, current.id), ne(grailCases.status, 'draft')))
      .limit(1);
    if (committed) throw conflict(COMMITTED_CARD_MESSAGE);
  }

  /** Only a card that never left the shelf can be deleted; anything sold or pulled is history. */
  async remove(id: string) {
    const [current] = await this.db
      .select({ status: cards.status })
      .from(cards)
      .where(eq(cards.id, id));
    if (!current) throw notFound('Card not found');
    if (current.status !== 'available' && current.status !== 'reserved') {
      throw conflict(`This card is ${current.status.replace('_', ' ')} and cannot be deleted.`);
    }
    try {
      await this.db.delete(cards).where(eq(cards.id, id));
    } catch {
      throw conflict('This card is referenced by an order or a case and cannot be deleted.');
    }
    await notifyChange('catalog', this.db);
  }

  async appendImage(id: string, imageId: string) {
    const [row] = await this.db
      .update(cards)
      .set({ imageIds: sql`array_append(${cards.imageIds}, ${imageId})`, updatedAt: new Date() })
      .where(eq(cards.id, id))
      .returning();
    if (!row) throw notFound('Card not found');
    await notifyChange(['catalog', 'grail'], this.db);
    return toProduct(row);
  }
}
