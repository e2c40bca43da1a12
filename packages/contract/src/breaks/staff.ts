import { z } from 'zod';
import { ActivationTime, Uuid } from '../grail.js';
import { ImageId } from '../platform.js';
import {
  BREAK_MAX_SPOTS,
  BREAK_MIN_SPOTS,
  BreakFormat,
  BreakHitStatus,
  BreakPrice,
  BreakSport,
  StreamUrl,
  UnownedHitRule,
  teamKey,
} from './basics.js';
import { BreakDetail, BreakHit, BreakSpot } from './views.js';

// ---- Staff ----

const TeamName = z.string().trim().min(1).max(60);
export const BreakTeamInput = z.strictObject({
  name: TeamName,
  /** Pick your team: this team's price (the break's spot price when left out). */
  price: BreakPrice.optional(),
});
export type BreakTeamInput = z.infer<typeof BreakTeamInput>;

const BreakTeams = z
  .array(BreakTeamInput)
  .min(BREAK_MIN_SPOTS, `must list at least ${BREAK_MIN_SPOTS} teams`)
  .max(BREAK_MAX_SPOTS, `must list at most ${BREAK_MAX_SPOTS} teams`)
  .superRefine((teams, ctx) => {
    const seen = new Set<string>();
    for (const t of teams) {
      const key = teamKey(t.name);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: `lists "${t.name}" twice` });
      seen.add(key);
    }
  });

const breakFields = {
  title: z.string().trim().min(1).max(160),
  description: z.string().trim().max(2000),
  sport: BreakSport,
  imageId: ImageId.nullable(),
  boxes: z.number().int().min(1).max(100),
  packsPerBox: z.number().int().min(1).max(100),
  format: BreakFormat,
  spotPrice: BreakPrice,
  teams: BreakTeams,
  /** Null: every spot must sell. */
  minSpots: z.number().int().min(1).max(BREAK_MAX_SPOTS).nullable(),
  salesDeadline: ActivationTime,
  scheduledAt: ActivationTime,
  streamUrl: StreamUrl.nullable(),
  unownedHitRule: UnownedHitRule,
};

/** Rules across fields of a break, in words (empty when none is broken). */
export function breakProblems(b: {
  teams?: readonly BreakTeamInput[] | undefined;
  minSpots?: number | null | undefined;
  salesDeadline?: string | undefined;
  scheduledAt?: string | undefined;
}): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (b.teams && b.minSpots != null && b.minSpots > b.teams.length) {
    problems.push({
      path: 'minSpots',
      message: `must be at most the number of spots (${b.teams.length})`,
    });
  }
  if (b.salesDeadline && b.scheduledAt && Date.parse(b.scheduledAt) < Date.parse(b.salesDeadline)) {
    problems.push({ path: 'scheduledAt', message: 'must not be before the sales deadline' });
  }
  return problems;
}

export const BreakInput = z
  .strictObject({
    ...breakFields,
    description: breakFields.description.default(''),
    imageId: breakFields.imageId.default(null),
    minSpots: breakFields.minSpots.default(null),
    streamUrl: breakFields.streamUrl.default(null),
    unownedHitRule: breakFields.unownedHitRule.default('house'),
  })
  .superRefine((b, ctx) => {
    for (const p of breakProblems(b))
      ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
  });
export type BreakInput = z.input<typeof BreakInput>;
/** A draft may change any field; once on sale, only the stream link and the description. */
export const BreakUpdate = z
  .strictObject(breakFields)
  .partial()
  .superRefine((b, ctx) => {
    for (const p of breakProblems(b))
      ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
  });
export type BreakUpdate = z.infer<typeof BreakUpdate>;

export const HitInput = z.strictObject({
  cardName: z.string().trim().min(1).max(200),
  team: TeamName,
  detail: z.string().trim().max(120).default(''),
  imageId: ImageId.nullable().default(null),
  packNumber: z.number().int().min(1).max(10_000).nullable().default(null),
  /** What the owner may sell the hit back for; null: no sell-back. */
  buybackPrice: BreakPrice.nullable().default(null),
});
export type HitInput = z.input<typeof HitInput>;
export const HitUpdate = z.strictObject({ buybackPrice: BreakPrice.nullable() });
export type HitUpdate = z.infer<typeof HitUpdate>;
export const BreakHitParams = z.object({ id: Uuid, hitId: Uuid });

export const AdminBreakSpot = BreakSpot.extend({
  username: z.string().nullable(),
  refunded: z.boolean(),
});
export const AdminBreakHit = BreakHit.extend({
  status: BreakHitStatus,
  buybackPrice: z.number().nullable(),
  username: z.string().nullable(),
});
export type AdminBreakHit = z.infer<typeof AdminBreakHit>;
export const AdminBreak = BreakDetail.extend({
  spots: z.array(AdminBreakSpot),
  hits: z.array(AdminBreakHit),
  refunds: z.number().int(),
});
export type AdminBreak = z.infer<typeof AdminBreak>;
export const AdminBreakResponse = z.object({ break: AdminBreak });
export type AdminBreakResponse = z.infer<typeof AdminBreakResponse>;
export const CancelBreakResponse = z.object({ break: AdminBreak, refunded: z.number().int() });
export type CancelBreakResponse = z.infer<typeof CancelBreakResponse>;
export const BreakImageUploadResponse = z.object({ imageId: z.string(), url: z.string() });
export const BreakImageUploadBody = z.object({
  image: z.string().describe('The picture: JPEG, PNG or WebP, at most 10 MB'),
});
