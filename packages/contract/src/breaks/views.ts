import { z } from 'zod';
import { BreakFormat, BreakSport, BreakStatus, UnownedHitRule } from './basics.js';

// ---- What anyone sees ----

export const BreakSummary = z.object({
  _id: z.string(),
  title: z.string(),
  sport: BreakSport,
  format: BreakFormat,
  status: BreakStatus,
  imageUrl: z.string().nullable(),
  boxes: z.number().int(),
  packsPerBox: z.number().int(),
  /** The lowest and highest spot price (the same unless teams are priced apart). */
  spotPrice: z.number(),
  maxSpotPrice: z.number(),
  totalSpots: z.number().int(),
  spotsSold: z.number().int(),
  /** Spots that must sell by the deadline for the break to run. */
  minSpots: z.number().int(),
  salesDeadline: z.string(),
  scheduledAt: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  streamUrl: z.string().nullable(),
});
export type BreakSummary = z.infer<typeof BreakSummary>;

export const BreakSpot = z.object({
  spotNumber: z.number().int(),
  /** Pick your team: the spot's team; random team: null until the teams are drawn. */
  team: z.string().nullable(),
  price: z.number(),
  sold: z.boolean(),
  /** Username, 'Anonymous', or null while unsold. */
  holder: z.string().nullable(),
  /** Held by the caller (false when signed out). */
  mine: z.boolean(),
});
export type BreakSpot = z.infer<typeof BreakSpot>;

export const BreakHit = z.object({
  _id: z.string(),
  breakId: z.string(),
  hitNumber: z.number().int(),
  packNumber: z.number().int().nullable(),
  cardName: z.string(),
  team: z.string(),
  /** Grade or parallel, as staff typed it ('PSA 10', 'Gold Refractor /50'). */
  detail: z.string(),
  imageUrl: z.string().nullable(),
  spotNumber: z.number().int().nullable(),
  /** Username, 'Anonymous', or 'House'. */
  holder: z.string(),
  mine: z.boolean(),
  createdAt: z.string(),
});
export type BreakHit = z.infer<typeof BreakHit>;

export const BreakFairnessSummary = z.object({
  serverSeedHash: z.string().nullable(),
  /** Hex; null until the teams are drawn. */
  serverSeed: z.string().nullable(),
});

export const BreakDetail = BreakSummary.extend({
  description: z.string(),
  /** The committed team list, in the order the shuffle starts from. */
  teams: z.array(z.string()),
  unownedHitRule: UnownedHitRule,
  spots: z.array(BreakSpot),
  hits: z.array(BreakHit),
  fairness: BreakFairnessSummary,
});
export type BreakDetail = z.infer<typeof BreakDetail>;
export const BreakDetailResponse = z.object({ break: BreakDetail });
export type BreakDetailResponse = z.infer<typeof BreakDetailResponse>;

export const BreaksQuery = z.object({
  sport: BreakSport.optional(),
  format: BreakFormat.optional(),
});
export type BreaksQuery = z.infer<typeof BreaksQuery>;
export const BreakListResponse = z.object({ breaks: z.array(BreakSummary) });
export type BreakListResponse = z.infer<typeof BreakListResponse>;

/** One spot sold, in purchase order: k and the buyer's client seed make the public input. */
export const BreakPurchaseProof = z.object({
  k: z.number().int(),
  spotNumber: z.number().int(),
  clientSeed: z.string(),
});
/** One step of the Fisher–Yates shuffle: position i swapped with j; the order after it. */
export const ShuffleStep = z.object({
  step: z.number().int(),
  i: z.number().int(),
  j: z.number().int(),
});
export type ShuffleStep = z.infer<typeof ShuffleStep>;
export const BreakFairnessResponse = z.object({
  breakId: z.string(),
  title: z.string(),
  status: BreakStatus,
  format: BreakFormat,
  teams: z.array(z.string()),
  serverSeedHash: z.string().nullable(),
  serverSeed: z.string().nullable(),
  purchases: z.array(BreakPurchaseProof),
  /** The client seeds of the sold spots in purchase order, joined with ','; null until drawn. */
  publicInput: z.string().nullable(),
  /** Random team: each spot's team once drawn (empty before). */
  assignments: z.array(z.object({ spotNumber: z.number().int(), team: z.string() })),
});
export type BreakFairnessResponse = z.infer<typeof BreakFairnessResponse>;

// ---- Live events (GET /api/breaks/{id}/events) ----

/** event 'spots': a purchase, a refund or a status change; refetch the break. */
export const BreakSpotsEvent = z.object({
  breakId: z.string(),
  status: BreakStatus,
  spotsSold: z.number().int(),
  totalSpots: z.number().int(),
});
export type BreakSpotsEvent = z.infer<typeof BreakSpotsEvent>;
/** event 'step': one swap of the shuffle, at its time on the break's shared clock. */
export const BreakStepEvent = ShuffleStep.extend({
  breakId: z.string(),
  steps: z.number().int(),
  order: z.array(z.string()),
});
export type BreakStepEvent = z.infer<typeof BreakStepEvent>;
/** event 'assignment': one spot's team, after the last step. */
export const BreakAssignmentEvent = z.object({
  breakId: z.string(),
  spotNumber: z.number().int(),
  team: z.string(),
  holder: z.string(),
});
export type BreakAssignmentEvent = z.infer<typeof BreakAssignmentEvent>;
/** event 'hit': a hit entered by staff, with its owner. */
export const BreakHitEvent = z.object({ breakId: z.string(), hit: BreakHit });
export type BreakHitEvent = z.infer<typeof BreakHitEvent>;

/** The shared clock of the live reveal: every watcher sees step s at startedAt + s × step time. */
export const BREAK_STEP_MS = 700;
export const BREAK_ASSIGNMENT_MS = 250;
