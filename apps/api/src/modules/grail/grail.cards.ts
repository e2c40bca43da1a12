import { certVerificationUrl, imageUrl, type GrailCard, type TierInput } from '@grail/contract';
import type { cards, GrailTier } from '../../db/schema/index.js';
import { centsToDollars, gradeLabel } from '../catalog/catalog.view.js';

type CardRow = Pick<
  typeof cards.$inferSelect,
  'id' | 'name' | 'grader' | 'grade' | 'certNumber' | 'imageIds' | 'fmvCents'
>;

export const dollars = centsToDollars;
export const toCents = (value: number) => Math.round(value * 100);
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
    fmv: dollars(card.fmvCents),
    tier: tierOf(tiers, card.fmvCents)?.name ?? null,
  };
}

export const tiersToCents = (tiers: TierInput[]): GrailTier[] =>
  tiers.map((t) => ({
    name: t.name,
    minFmvCents: toCents(t.minFmv),
    maxFmvCents: t.maxFmv === null ? null : toCents(t.maxFmv),
  }));

export const tiersToDollars = (tiers: GrailTier[]): TierInput[] =>
  tiers.map((t) => ({
    name: t.name,
    minFmv: dollars(t.minFmvCents),
    maxFmv: t.maxFmvCents === null ? null : dollars(t.maxFmvCents),
  }));
