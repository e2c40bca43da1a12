import { z } from 'zod';
import { SavedShippingAddress, ShippingAddress } from './auth.js';
import { RECENT_PULLS_LIMIT } from './constants.js';
import { endpoint } from './endpoint.js';
import { Dollars, dollarsBetween, dollarsToCents } from './money.js';
import { queryInteger } from './query.js';

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
  floorValue: z.number(),
  expectedValue: z.number(),
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

export const ClientSeed = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(64, 'must be at most 64 characters')
  .regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces');

export const BuyPackBody = z.object({ clientSeed: ClientSeed.optional() }).strict();
export type BuyPackBody = z.infer<typeof BuyPackBody>;

export const PullProof = z.object({
  clientSeed: z.string(),
  k: z.number().int(),
  remainingBefore: z.number().int(),
  position: z.number().int(),
});

export const Pull = z.object({
  _id: z.string(),
  caseId: z.string(),
  caseName: z.string(),
  k: z.number().int(),
  totalItems: z.number().int(),
  card: GrailCard,
  status: PullStatus,
  pulledAt: z.string(),
  price: z.number(),
  proof: PullProof,
  /** What a sell-back credits now, and until when; null once claimed, sold back or expired. */
  sellBack: z.object({ amount: z.number(), percent: z.number(), until: z.string() }).nullable(),
  soldBackFor: z.number().nullable(),
  shipment: z
    .object({
      _id: z.string(),
      status: z.enum(['pending', 'shipped', 'delivered']),
      shipBy: z.string(),
      carrier: z.string().nullable(),
      trackingNumber: z.string().nullable(),
      shippedAt: z.string().nullable(),
    })
    .nullable(),
});
export type Pull = z.infer<typeof Pull>;
export const PullResponse = z.object({ pull: Pull });
export type PullResponse = z.infer<typeof PullResponse>;
export const PullListResponse = z.object({ pulls: z.array(Pull) });
export type PullListResponse = z.infer<typeof PullListResponse>;

export const ClaimBody = z.object({ shippingAddress: ShippingAddress.optional() }).strict();
export type ClaimBody = z.infer<typeof ClaimBody>;
export const SellBackResponse = z.object({ pull: Pull, credited: z.number(), balance: z.number() });
export type SellBackResponse = z.infer<typeof SellBackResponse>;

export const PullPreferences = z.object({ clientSeed: ClientSeed, pullsAnonymous: z.boolean() });
export type PullPreferences = z.infer<typeof PullPreferences>;

/**
 * A pull as anyone sees it on its public page (/pulls/{id}): the card, the pack and the proof, and
 * of the collector only the username they let recent pulls show, or 'Anonymous'.
 */
export const PublicPull = z.object({
  _id: z.string(),
  caseId: z.string(),
  caseName: z.string(),
  k: z.number().int(),
  totalItems: z.number().int(),
  card: GrailCard,
  pulledAt: z.string(),
  packPrice: z.number(),
  pulledBy: z.string(),
  proof: PullProof,
  serverSeedHash: z.string().nullable(),
});
export type PublicPull = z.infer<typeof PublicPull>;
export const PublicPullResponse = z.object({ pull: PublicPull });
export type PublicPullResponse = z.infer<typeof PublicPullResponse>;

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

// ---- Admin ----
/** A card of a committed case keeps what the commitment rests on (409 on any change). */
export const COMMITTED_CARD_MESSAGE =
  'This card is in a committed Grail case and cannot be changed.';
/** A pack costs at least one cent and at most $100,000. */
export const PackPrice = dollarsBetween(0.01, 100_000);

/** A case opens between these instants (UTC): nothing real lies outside, and drivers misread years below 100. */
export const ACTIVATION_TIME_MIN = '2000-01-01T00:00:00Z';
export const ACTIVATION_TIME_MAX = '2100-01-01T00:00:00Z';

export const ActivationTime = z.iso
  // The format check also refuses dates that do not exist, such as 30 February.
  .datetime({ offset: true, message: 'must be a real ISO 8601 date and time with its offset' })
  .refine((text) => {
    const t = Date.parse(text);
    return t >= Date.parse(ACTIVATION_TIME_MIN) && t < Date.parse(ACTIVATION_TIME_MAX);
  }, 'must be between 2000-01-01 and 2100-01-01');

/**
 * A named FMV band. Tiers carry no odds of their own: a tier's chance is its share of the cards
 * still in the case, so odds always sum to 1 and a client cannot send any.
 */
export const TierInput = z.strictObject(
  {
    name: z.string().trim().min(1).max(40),
    minFmv: Dollars,
    maxFmv: Dollars.nullable(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `a tier has only name, minFmv and maxFmv (its odds are its share of the cards), not ${issue.keys.join(', ')}`
        : undefined,
  },
);
export type TierInput = z.infer<typeof TierInput>;
export const DEFAULT_TIERS: TierInput[] = [
  { name: 'Grail', minFmv: 500, maxFmv: null },
  { name: 'Chase', minFmv: 100, maxFmv: 499.99 },
  { name: 'Base', minFmv: 0, maxFmv: 99.99 },
];

/** A tier's band in words: "100 to 499.99", "500 and up". */
export const tierRange = (t: TierInput) =>
  t.maxFmv === null ? `${t.minFmv} and up` : `${t.minFmv} to ${t.maxFmv}`;

/**
 * What is wrong with a set of tiers, in words (empty when nothing is): names are distinct, and
 * the FMV bands, in order, start at 0, follow each other cent by cent without gap or overlap,
 * and end with the one unbounded tier (maxFmv null), so every card falls in exactly one tier.
 */
export function tierProblems(tiers: readonly TierInput[]): string[] {
  if (tiers.length === 0) return ['a case needs at least one tier'];
  const problems: string[] = [];
  const names = new Set<string>();
  for (const t of tiers) {
    const key = t.name.trim().toLowerCase();
    if (names.has(key)) problems.push(`two tiers are named "${t.name}"`);
    names.add(key);
    if (t.maxFmv !== null && t.maxFmv < t.minFmv) {
      problems.push(`tier "${t.name}" ends (${t.maxFmv}) below where it starts (${t.minFmv})`);
    }
  }
  if (problems.length > 0) return problems;
  const sorted = [...tiers].sort((a, b) => a.minFmv - b.minFmv);
  const lowest = sorted[0]!;
  if (lowest.minFmv !== 0) {
    problems.push(`the lowest tier "${lowest.name}" must start at 0, not ${lowest.minFmv}`);
  }
  for (let i = 1; i < sorted.length; i++) {
    const below = sorted[i - 1]!;
    const above = sorted[i]!;
    const step =
      below.maxFmv === null ? -1 : dollarsToCents(above.minFmv) - dollarsToCents(below.maxFmv);
    if (step <= 0) {
      problems.push(
        `tiers "${below.name}" (${tierRange(below)}) and "${above.name}" (${tierRange(above)}) overlap`,
      );
    } else if (step > 1) {
      problems.push(
        `there is a gap between tier "${below.name}" (up to ${below.maxFmv}) and tier "${above.name}" (from ${above.minFmv})`,
      );
    }
  }
  const top = sorted.at(-1)!;
  if (top.maxFmv !== null) {
    problems.push(
      `the top tier "${top.name}" must have no upper bound (maxFmv null), not ${top.maxFmv}`,
    );
  }
  return problems;
}

/** The tiers of a case: 1 to 8, covering every FMV from 0 up exactly once. */
export const Tiers = z
  .array(TierInput)
  .min(1)
  .max(8)
  .superRefine((tiers, ctx) => {
    for (const message of tierProblems(tiers)) ctx.addIssue({ code: 'custom', message });
  });

const caseFields = {
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().max(2000),
  packPrice: PackPrice,
  activationTime: ActivationTime.nullable(),
  tiers: Tiers,
};
const unknownCaseField = (issue: { code?: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys'
    ? `unknown field ${(issue.keys ?? []).join(', ')}: a case has name, description, packPrice, activationTime and tiers`
    : undefined;

export const CaseInput = z.strictObject(
  {
    ...caseFields,
    description: caseFields.description.default(''),
    activationTime: caseFields.activationTime.default(null),
    tiers: caseFields.tiers.optional(),
  },
  { error: unknownCaseField },
);
export type CaseInput = z.input<typeof CaseInput>;
export const CaseUpdate = z.strictObject(caseFields, { error: unknownCaseField }).partial();
export type CaseUpdate = z.infer<typeof CaseUpdate>;
export const AddCaseCardsBody = z.object({ cardIds: z.array(Uuid).min(1).max(500) });
export const CaseCardParams = z.object({ id: Uuid, cardId: Uuid });

export const AdminCase = CaseSummary.extend({
  description: z.string(),
  tiers: z.array(TierInput),
  serverSeedHash: z.string().nullable(),
  contentsHash: z.string().nullable(),
  cards: z.array(GrailCard.extend({ position: z.number().int().nullable(), pulled: z.boolean() })),
});
export type AdminCase = z.infer<typeof AdminCase>;
export const AdminCaseResponse = z.object({ case: AdminCase });
export type AdminCaseResponse = z.infer<typeof AdminCaseResponse>;
export const AdminCaseListResponse = z.object({ cases: z.array(CaseSummary) });
export const AvailableCardsResponse = z.object({ cards: z.array(GrailCard) });
export type AvailableCardsResponse = z.infer<typeof AvailableCardsResponse>;

export const DueShipment = z.object({
  _id: z.string(),
  sourceType: z.enum(['order', 'pull', 'break']),
  sourceId: z.string(),
  status: z.enum(['pending', 'shipped', 'delivered']),
  shipBy: z.string(),
  overdue: z.boolean(),
  username: z.string(),
  email: z.string(),
  address: SavedShippingAddress,
  items: z.array(z.string()),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type DueShipment = z.infer<typeof DueShipment>;
export const DueShipmentsResponse = z.object({ shipments: z.array(DueShipment) });
export type DueShipmentsResponse = z.infer<typeof DueShipmentsResponse>;
export const MarkShippedBody = z.object({
  carrier: z.string().trim().min(2).max(40),
  trackingNumber: z
    .string()
    .trim()
    .min(4)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, 'must be letters, digits or dashes'),
});
export type MarkShippedBody = z.infer<typeof MarkShippedBody>;
export const MarkShippedResponse = z.object({ shipment: DueShipment });

const grail = ['grail'];
const pulls = ['pulls'];
const admin = ['admin', 'grail'];

/** The Grail Machine's endpoints: cases, packs, pulls, and the staff's case and shipping console. */
export const grailEndpoints = {
  activeCase: endpoint({
    method: 'GET',
    path: '/api/grail-cases/active',
    operationId: 'getActiveCase',
    summary: 'The live or scheduled case with its odds, EV and floor',
    tags: grail,
    guard: 'public',
    response: ActiveCaseResponse,
    errors: [404],
  }),
  recentPulls: endpoint({
    method: 'GET',
    path: '/api/grail-cases/recent-pulls',
    operationId: 'listRecentPulls',
    summary: 'The latest pulls of any case',
    tags: grail,
    guard: 'public',
    query: RecentPullsQuery,
    response: RecentPullsResponse,
  }),
  cases: endpoint({
    method: 'GET',
    path: '/api/grail-cases',
    operationId: 'listCases',
    summary: 'Every published case, newest first',
    tags: grail,
    guard: 'public',
    response: CaseListResponse,
  }),
  events: endpoint({
    method: 'GET',
    path: '/api/grail-cases/events',
    operationId: 'streamPullEvents',
    summary: 'Server-sent events: each new pull (event "pull") and the remaining count',
    tags: grail,
    guard: 'public',
    responseKind: 'event-stream',
    rateLimited: true,
  }),
  caseDetail: endpoint({
    method: 'GET',
    path: '/api/grail-cases/:caseId',
    operationId: 'getCase',
    summary: 'A case with its remaining cards by tier',
    tags: grail,
    guard: 'public',
    params: CaseIdParams,
    response: CaseDetailResponse,
  }),
  caseChecklist: endpoint({
    method: 'GET',
    path: '/api/grail-cases/:caseId/checklist',
    operationId: 'getCaseChecklist',
    summary: 'Every card of a case by tier, pulled or still in it',
    tags: grail,
    guard: 'public',
    params: CaseIdParams,
    response: CaseChecklistResponse,
  }),
  fairness: endpoint({
    method: 'GET',
    path: '/api/grail-cases/:caseId/fairness',
    operationId: 'getCaseFairness',
    summary: "A case's commitments, every pull's proof, and the seed once revealed",
    tags: grail,
    guard: 'public',
    params: CaseIdParams,
    response: FairnessResponse,
  }),
  buyPack: endpoint({
    method: 'POST',
    path: '/api/grail-cases/:caseId/packs',
    operationId: 'buyPack',
    summary: 'Buy one pack: debit the wallet and draw one card',
    tags: grail,
    guard: 'purchase',
    idempotent: true,
    params: CaseIdParams,
    body: BuyPackBody.nullish(),
    status: 201,
    response: PullResponse,
    errors: [402, 409],
  }),
  pulls: endpoint({
    method: 'GET',
    path: '/api/pulls',
    operationId: 'listMyPulls',
    summary: "The caller's pulls, newest first",
    tags: pulls,
    guard: 'authenticated',
    response: PullListResponse,
  }),
  pullPreferences: endpoint({
    method: 'GET',
    path: '/api/pulls/preferences',
    operationId: 'getPullPreferences',
    summary: "The caller's client seed and anonymity choice",
    tags: pulls,
    guard: 'authenticated',
    response: PullPreferences,
  }),
  setPullPreferences: endpoint({
    method: 'PUT',
    path: '/api/pulls/preferences',
    operationId: 'setPullPreferences',
    summary: "Change the caller's client seed or anonymity",
    tags: pulls,
    guard: 'authenticated',
    body: PullPreferences,
    response: PullPreferences,
  }),
  publicPull: endpoint({
    method: 'GET',
    path: '/api/pulls/:id/public',
    operationId: 'getPublicPull',
    summary: "Any pull's public page: card, pack, proof and the collector's chosen name",
    tags: pulls,
    guard: 'public',
    params: IdParams,
    response: PublicPullResponse,
  }),
  pull: endpoint({
    method: 'GET',
    path: '/api/pulls/:id',
    operationId: 'getMyPull',
    summary: "One of the caller's pulls",
    tags: pulls,
    guard: 'authenticated',
    params: IdParams,
    response: PullResponse,
  }),
  claim: endpoint({
    method: 'POST',
    path: '/api/pulls/:id/claim',
    operationId: 'claimPull',
    summary: 'Ship a pull to the saved (or given) address within 48 hours',
    tags: pulls,
    guard: 'authenticated',
    params: IdParams,
    body: ClaimBody.nullish(),
    response: PullResponse,
    errors: [409],
  }),
  sellBack: endpoint({
    method: 'POST',
    path: '/api/pulls/:id/sell-back',
    operationId: 'sellBackPull',
    summary: 'Sell a pull back for store credit',
    tags: pulls,
    guard: 'authenticated',
    params: IdParams,
    response: SellBackResponse,
    errors: [409],
  }),
  adminCases: endpoint({
    method: 'GET',
    path: '/api/admin/grail-cases',
    operationId: 'adminListCases',
    summary: 'Every case, drafts included',
    tags: admin,
    guard: 'admin',
    response: AdminCaseListResponse,
  }),
  adminAvailableCards: endpoint({
    method: 'GET',
    path: '/api/admin/grail-cases/available-cards',
    operationId: 'adminListAvailableCards',
    summary: 'Cards that may go into a new case',
    tags: admin,
    guard: 'admin',
    response: AvailableCardsResponse,
  }),
  adminCreateCase: endpoint({
    method: 'POST',
    path: '/api/admin/grail-cases',
    operationId: 'adminCreateCase',
    summary: 'Create a draft case',
    tags: admin,
    guard: 'admin',
    body: CaseInput,
    status: 201,
    response: AdminCaseResponse,
    errors: [409],
  }),
  adminCase: endpoint({
    method: 'GET',
    path: '/api/admin/grail-cases/:id',
    operationId: 'adminGetCase',
    summary: 'A case with its cards and positions',
    tags: admin,
    guard: 'admin',
    params: IdParams,
    response: AdminCaseResponse,
  }),
  adminUpdateCase: endpoint({
    method: 'PATCH',
    path: '/api/admin/grail-cases/:id',
    operationId: 'adminUpdateCase',
    summary: 'Change a draft case',
    tags: admin,
    guard: 'admin',
    params: IdParams,
    body: CaseUpdate,
    response: AdminCaseResponse,
    errors: [409],
  }),
  adminAddCaseCards: endpoint({
    method: 'POST',
    path: '/api/admin/grail-cases/:id/cards',
    operationId: 'adminAddCaseCards',
    summary: 'Add available cards to a draft case',
    tags: admin,
    guard: 'admin',
    params: IdParams,
    body: AddCaseCardsBody,
    response: AdminCaseResponse,
    errors: [409],
  }),
  adminRemoveCaseCard: endpoint({
    method: 'DELETE',
    path: '/api/admin/grail-cases/:id/cards/:cardId',
    operationId: 'adminRemoveCaseCard',
    summary: 'Take a card out of a draft case',
    tags: admin,
    guard: 'admin',
    params: CaseCardParams,
    response: AdminCaseResponse,
    errors: [409],
  }),
  adminGoLive: endpoint({
    method: 'POST',
    path: '/api/admin/grail-cases/:id/go-live',
    operationId: 'adminGoLive',
    summary: 'Fix the contents, publish the commitments and open (or schedule) the case',
    tags: admin,
    guard: 'admin',
    params: IdParams,
    response: AdminCaseResponse,
    errors: [409],
  }),
  adminClose: endpoint({
    method: 'POST',
    path: '/api/admin/grail-cases/:id/close',
    operationId: 'adminCloseCase',
    summary: 'Close a case, reveal its seed and return unpulled cards',
    tags: admin,
    guard: 'admin',
    params: IdParams,
    response: AdminCaseResponse,
    errors: [409],
  }),
  adminShipments: endpoint({
    method: 'GET',
    path: '/api/admin/shipments',
    operationId: 'adminListShipments',
    summary: 'Shipments owed to collectors, by deadline',
    tags: ['admin', 'shipping'],
    guard: 'admin',
    response: DueShipmentsResponse,
  }),
  adminShip: endpoint({
    method: 'POST',
    path: '/api/admin/shipments/:id/ship',
    operationId: 'adminMarkShipped',
    summary: 'Mark a shipment shipped with its carrier and tracking number',
    tags: ['admin', 'shipping'],
    guard: 'admin',
    params: IdParams,
    body: MarkShippedBody,
    response: MarkShippedResponse,
    errors: [409],
  }),
} as const;
