import {
  centsToDollars,
  certVerificationUrl,
  dollarsToCents,
  imageUrl,
  type GrailCard,
  type TierInput,
} from '@grail/contract';
import type { cards, GrailTier } from '../../db/schema/index.js';
import { gradeLabel } from '../catalog/catalog.view.js';

type CardRow = Pick<
  typeof cards.$inferSelect,
  'id' | 'name' | 'grader' | 'grade' | 'certNumber' | 'imageIds' | 'fmvCents'
>;

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export const displayGrade = gradeLabel;

export function tierOf(tiers: GrailTier[], fmvCents: number): GrailTier | null {
  return (
    tiers.find(
      (t) => fmvCents >= t.minFmvCents && (t.maxFmvCents === null || fmvCents <= t.maxFmvCents),
    ) ?? null
  );
}

export function toGrailCard(card: CardRow, tiers: GrailTier[] = []): GrailCard {
  const images = card.imageIds.map((id) => imageUrl(id));
  return {
    _id: card.id,
    name: card.name,
    grade: displayGrade(card),
    grader: card.grader,
    certNumber: card.certNumber,
    certUrl: certVerificationUrl(card.grader, card.certNumber),
    images,
    imageUrl: images[0] ?? '',
    fmv: centsToDollars(card.fmvCents),
    tier: tierOf(tiers, card.fmvCents)?.name ?? null,
  };
}

export const tiersToCents = (tiers: TierInput[]): GrailTier[] =>
  tiers.map((t) => ({
    name: t.name,
    minFmvCents: dollarsToCents(t.minFmv),
    maxFmvCents: t.maxFmv === null ? null : dollarsToCents(t.maxFmv),
  }));

export const tiersToDollars = (tiers: GrailTier[]): TierInput[] =>
  tiers.map((t) => ({
    name: t.name,
    minFmv: centsToDollars(t.minFmvCents),
    maxFmv: t.maxFmvCents === null ? null : centsToDollars(t.maxFmvCents),
  }));
