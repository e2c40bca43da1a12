import { z } from 'zod';
import { RECENT_PULLS_LIMIT } from '../constants.js';
import { queryInteger } from '../query.js';

/*
 * The Grail Machine's cases as collectors see them: the live case, its odds, its checklist and its
 * fairness proof.
 */
/** Sell-back defaults (the server reads BUYBACK_PERCENT / BUYBACK_WINDOW_HOURS). */
export const BUYBACK_PERCENT_DEFAULT = 85;
export const BUYBACK_WINDOW_HOURS_DEFAULT = 72;

export const Uuid = z.uuid({ message: 'must be a valid id' });
export const CaseIdParams = z.object({ caseId: Uuid });
export const IdParams = z.object({ id: Uuid });

export const GrailCaseStatus = z.enum(['draft', 'scheduled', 'active', 'sold_out', 'closed']);
export type GrailCaseStatus = z.infer<typeof GrailCaseStatus>;
export const PullStatus = z.enum(['revealed', 'claimed', 'shipped', 'delivered', 'sold_back']);
export type PullStatus = z.infer<typeof PullStatus>;

/** A card as the Grail Machine shows it (a product's display fields plus grading details). */
export const GrailCard = z.object({
  _id: z.string(),
  name: z.string(),
  /** Display grade: 'PSA GEM MT 10', 'BGS 9.5' or 'Raw'. */
  grade: z.string(),
  grader: z.string().nullable(),
  certNumber: z.string().nullable(),
  /** The grader's public verification page for the cert. */
  certUrl: z.string().nullable(),
  images: z.array(z.string()),
  imageUrl: z.string(),
  fmv: z.number(),
  tier: z.string().nullable(),
});
export type GrailCard = z.infer<typeof GrailCard>;

export const TierOdds = z.object({
  name: z.string(),
  minFmv: z.number(),
  maxFmv: z.number().nullable(),
  remaining: z.number().int(),
  probability: z.number(),
});
export type TierOdds = z.infer<typeof TierOdds>;

/** GET /api/grail-cases/active: the live or scheduled case. */
export const ActiveCaseResponse = z.object({
  caseId: z.string(),
  packPrice: z.number(),
  activationTime: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  status: GrailCaseStatus,
  totalItems: z.number().int(),
  remaining: z.number().int(),
  /**
   * The value figures, over the remaining cards (the next pull is any of them, equally likely), so
   * anyone can recompute them from the checklist: the lowest FMV; the mean FMV; the mean sell-back
   * credit (each card's FMV × buybackPercent, rounded down to the cent, as a sell-back pays); the
   * median FMV (the mean of the middle two, rounded to the cent, for an even count); how many
   * cards have an FMV above the pack price, and that share of the remaining as a percent to one
   * decimal. All 0 when no card remains.
   */
  floorValue: z.number(),
  expectedValue: z.number(),
  expectedSellBackValue: z.number(),
  medianValue: z.number(),
  cardsAbovePrice: z.number().int(),
  chanceAbovePrice: z.number(),
  tiers: z.array(TierOdds),
  serverSeedHash: z.string().nullable(),
  contentsHash: z.string().nullable(),
  buybackPercent: z.number(),
  buybackWindowHours: z.number(),
});
export type ActiveCaseResponse = z.infer<typeof ActiveCaseResponse>;

/** GET /api/grail-cases/{id}: the case, its remaining cards by tier and the top remaining grails. */
export const CaseDetailResponse = ActiveCaseResponse.extend({
  liveAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  remainingByTier: z.array(TierOdds.extend({ cards: z.array(GrailCard) })),
  topGrails: z.array(GrailCard),
});
export type CaseDetailResponse = z.infer<typeof CaseDetailResponse>;

export const CaseSummary = z.object({
  caseId: z.string(),
  name: z.string(),
  status: GrailCaseStatus,
  packPrice: z.number(),
  activationTime: z.string().nullable(),
  totalItems: z.number().int(),
  remaining: z.number().int(),
  liveAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type CaseSummary = z.infer<typeof CaseSummary>;
export const CaseListResponse = z.object({ cases: z.array(CaseSummary) });

export const RecentPullsQuery = z.object({
  limit: queryInteger(1, 50).default(RECENT_PULLS_LIMIT),
});
export const RecentPull = z.object({
  _id: z.string(),
  name: z.string(),
  grade: z.string(),
  images: z.array(z.string()),
  imageUrl: z.string(),
  fmv: z.number(),
  pulledAt: z.string(),
  pulledBy: z.string(),
});
export type RecentPull = z.infer<typeof RecentPull>;
export const RecentPullsResponse = z.object({ pulls: z.array(RecentPull) });
export type RecentPullsResponse = z.infer<typeof RecentPullsResponse>;

/** One server-sent event on /api/grail-cases/events (event name 'pull'). */
export const PullEvent = z.object({
  caseId: z.string(),
  k: z.number().int(),
  remaining: z.number().int(),
  totalItems: z.number().int(),
  status: GrailCaseStatus,
  pull: RecentPull,
});
export type PullEvent = z.infer<typeof PullEvent>;

/** Every card a public case was filled with, by tier: those still in it and those already pulled. */
export const ChecklistCard = GrailCard.extend({ pulled: z.boolean() });
export type ChecklistCard = z.infer<typeof ChecklistCard>;
export const CaseChecklistResponse = z.object({
  caseId: z.string(),
  totalItems: z.number().int(),
  remaining: z.number().int(),
  tiers: z.array(TierOdds.extend({ total: z.number().int(), cards: z.array(ChecklistCard) })),
});
export type CaseChecklistResponse = z.infer<typeof CaseChecklistResponse>;

export const FairnessPull = z.object({
  k: z.number().int(),
  clientSeed: z.string(),
  remainingBefore: z.number().int(),
  index: z.number().int(),
  position: z.number().int(),
  cardId: z.string(),
  pulledAt: z.string(),
});
export type FairnessPull = z.infer<typeof FairnessPull>;
/** The committed contents, one entry per position (the fairness rule: docs/fairness.md). */
export const FairnessContent = z.object({
  position: z.number().int(),
  cardId: z.string(),
  grader: z.string().nullable(),
  grade: z.string().nullable(),
  certNumber: z.string().nullable(),
  fmvCents: z.number().int(),
});
export type FairnessContent = z.infer<typeof FairnessContent>;
export const FairnessResponse = z.object({
  caseId: z.string(),
  name: z.string(),
  status: GrailCaseStatus,
  serverSeedHash: z.string(),
  contentsHash: z.string(),
  contents: z.array(FairnessContent),
  pulls: z.array(FairnessPull),
  /** Hex; null until the case is sold out or closed. */
  serverSeed: z.string().nullable(),
});
export type FairnessResponse = z.infer<typeof FairnessResponse>;
