import type { z } from 'zod';
import {
  centsToDollars,
  COMMITTED_CARD_MESSAGE,
  dollarsToCents,
  type CardInput,
  type CardUpdate,
  type SoldComparable,
} from '@grail/contract';
import type { Db, Tx } from '../../db/client.js';
import type { cards } from '../../db/schema/index.js';
import { inCommittedCase } from '../grail/grail.reads.js';
import {
  cardById,
  cardsByIds,
  featuredCards,
  otherCardIdsOfPlayer,
  storeCardIds,
  storeCount,
  storePage,
  type StoreFilters,
} from '../inventory/inventory.reads.js';
import { appendCardImage, deleteCard, insertCard, updateCard } from '../inventory/cards.service.js';
import { latestSales } from '../orders/orders.reads.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { notifyChange } from '../../lib/hot-changes.js';
import { unknownImageIds } from '../images/images.service.js';
import { toProduct, toStoreItem } from './catalog.view.js';

export type NewCard = z.output<typeof CardInput>;
export type CardChanges = z.output<typeof CardUpdate>;

/** The catalogue: store listing, product pages, featured cards and the admin's card upkeep. */
export class CatalogService {
  constructor(private readonly db: Db) {}

  /** The store grid. */
  async storeItems(f: StoreFilters) {
    const [rows, total] = await Promise.all([storePage(this.db, f), storeCount(this.db, f)]);
    return { products: rows.map(toStoreItem), total, page: f.page, limit: f.limit };
  }

  /** The page query as SQL (the index test EXPLAINs exactly what the store runs). */
  storeItemsSql(f: Omit<StoreFilters, 'q'> & { q?: string }) {
    return storePage(this.db, f as StoreFilters).getSQL();
  }

  /** Featured cards: the highest-value cards still available (in the store or the live case). */
  async carouselCards(limit: number, minFmv: number) {
    const rows = await featuredCards(this.db, limit, dollarsToCents(minFmv));
    return rows.map(toProduct);
  }

  /** Up to six cards of the same player sold in the store, latest first: price paid and date only. */
  async soldComparables(id: string): Promise<SoldComparable[]> {
    const card = await cardById(this.db, id);
    if (!card) throw notFound('Card not found');
    const sales = await latestSales(this.db, otherCardIdsOfPlayer(this.db, card.player, id), 6);
    const sold = await cardsByIds(
      this.db,
      sales.map((s) => s.cardId),
    );
    return sales.flatMap(({ cardId, priceCents, soldAt }) => {
      const soldCard = sold.get(cardId);
      if (!soldCard) return [];
      const view = toProduct(soldCard);
      return [
        {
          _id: view._id,
          name: view.name,
          gradeLabel: view.gradeLabel,
          imageUrl: view.imageUrl,
          price: centsToDollars(priceCents),
          soldAt: soldAt.toISOString(),
        },
      ];
    });
  }

  /** The store's cards for the sitemap: id and last change, newest first. */
  async storeProductIds(limit = 50_000) {
    return storeCardIds(this.db, limit);
  }

  async product(id: string) {
    const row = await cardById(this.db, id);
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
    const row = await insertCard(tx, {
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
    });
    await notifyChange('catalog', tx);
    return toProduct(row);
  }

  /** Sold, pulled and in-case cards keep their history: only their description may change. */
  async update(id: string, input: CardChanges) {
    const current = await cardById(this.db, id);
    if (!current) throw notFound('Card not found');
    await this.refuseCommittedChange(current, input);
    await this.refuseUnknownImages(input.imageIds);
    const movable = current.status === 'available' || current.status === 'reserved';
    if (!movable && (input.status !== undefined || input.storePrice !== undefined)) {
      throw conflict(
        `This card is ${current.status.replace('_', ' ')}: its price and status are final.`,
      );
    }
    const row = await updateCard(this.db, id, {
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
    });
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
    if (await inCommittedCase(this.db, current.id)) throw conflict(COMMITTED_CARD_MESSAGE);
  }

  /** Only a card that never left the shelf can be deleted; anything sold or pulled is history. */
  async remove(id: string) {
    const current = await cardById(this.db, id);
    if (!current) throw notFound('Card not found');
    if (current.status !== 'available' && current.status !== 'reserved') {
      throw conflict(`This card is ${current.status.replace('_', ' ')} and cannot be deleted.`);
    }
    try {
      await deleteCard(this.db, id);
    } catch {
      throw conflict('This card is referenced by an order or a case and cannot be deleted.');
    }
    await notifyChange('catalog', this.db);
  }

  async appendImage(id: string, imageId: string) {
    const row = await appendCardImage(this.db, id, imageId);
    if (!row) throw notFound('Card not found');
    await notifyChange(['catalog', 'grail'], this.db);
    return toProduct(row);
  }
}
