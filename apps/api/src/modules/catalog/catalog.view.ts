import {
  centsToDollars,
  certVerificationUrl,
  imageUrl,
  type Product,
  type StoreItem,
} from '@grail/contract';
import type { cards } from '../../db/schema/index.js';
import { cardIdentity } from '../inventory/card-identity.view.js';

export type CardRow = typeof cards.$inferSelect;

/** 'PSA GEM MT 10', 'BGS 9.5', or 'Raw' for an ungraded card. */
export const gradeLabel = (card: Pick<CardRow, 'grader' | 'grade'>) =>
  card.grader && card.grade ? `${card.grader} ${card.grade}` : 'Raw';

/** The one card → API serialisation (store, product page, carousel, orders): dollars, `_id`, image URLs. */
export function toProduct(card: CardRow): Product {
  const images = card.imageIds.map((id) => imageUrl(id));
  return {
    _id: card.id,
    name: card.name,
    ...cardIdentity(card),
    variant: card.variant,
    gradeValue: card.gradeValue,
    gradeLabel: gradeLabel(card),
    certNumber: card.certNumber,
    certUrl: certVerificationUrl(card.grader, card.certNumber),
    conditionNote: card.conditionNote,
    images,
    imageUrl: images[0] ?? '',
    fmv: centsToDollars(card.fmvCents),
    fmvSource: card.fmvSource,
    fmvUpdatedAt: card.fmvUpdatedAt.toISOString(),
    storePrice: card.storePriceCents === null ? null : centsToDollars(card.storePriceCents),
    status: card.status,
    createdAt: card.createdAt.toISOString(),
  };
}

/** A card listed in the store always has a price. */
export const toStoreItem = (card: CardRow): StoreItem =>
  ({ ...toProduct(card), storePrice: centsToDollars(card.storePriceCents ?? 0) }) as StoreItem;
