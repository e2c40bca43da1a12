import { z } from 'zod';
import { SavedShippingAddress } from '../auth.js';
import { Dollars, dollarsBetween, dollarsToCents } from '../money.js';
import { DEFAULT_DROP_QUEUE_MINUTES, DropQueueMinutes, FirstHourPackCap } from '../drops.js';
import { CaseSummary, GrailCard, Uuid } from './cases.js';

/* The staff's case console: a case's fields, tiers and cards, and the pulls due to ship. */
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
  dropQueueMinutes: DropQueueMinutes,
  firstHourPackCap: FirstHourPackCap.nullable(),
};
const unknownCaseField = (issue: { code?: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys'
    ? `unknown field ${(issue.keys ?? []).join(', ')}: a case has name, description, packPrice, activationTime, tiers, dropQueueMinutes and firstHourPackCap`
    : undefined;

export const CaseInput = z.strictObject(
  {
    ...caseFields,
    description: caseFields.description.default(''),
    activationTime: caseFields.activationTime.default(null),
    tiers: caseFields.tiers.optional(),
    dropQueueMinutes: caseFields.dropQueueMinutes.default(DEFAULT_DROP_QUEUE_MINUTES),
    firstHourPackCap: caseFields.firstHourPackCap.default(null),
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
  dropQueueMinutes: DropQueueMinutes,
  firstHourPackCap: FirstHourPackCap.nullable(),
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
  /** 'vault' is a box of vault cards a collector asked for (its fee paid, cancellable until packing). */
  sourceType: z.enum(['order', 'pull', 'break', 'vault']),
  sourceId: z.string(),
  status: z.enum(['pending', 'packing', 'shipped', 'delivered', 'cancelled']),
  shipBy: z.string(),
  overdue: z.boolean(),
  username: z.string(),
  email: z.string(),
  address: SavedShippingAddress,
  items: z.array(z.string()),
  /** The cards' FMV the box is insured for, and the shipping fee the collector paid. */
  insuredValue: z.number(),
  fee: z.number(),
  /** A vault box's cards as its packing slip lists them; absent for other boxes. */
  cards: z
    .array(z.object({ name: z.string(), grade: z.string(), certNumber: z.string().nullable() }))
    .optional(),
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
