import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { CaseIdParams, Uuid } from './grail/cases.js';

/*
 * A drop's fair queue (docs/fairness.md): the waiting room of a case with a future activation
 * time, the seed that orders it, and each collector's turn to buy.
 */

/** A case's waiting room opens this many minutes before its activation time unless staff say. */
export const DEFAULT_DROP_QUEUE_MINUTES = 10;
export const DropQueueMinutes = z.number().int().min(0).max(1440);
/** The most packs one collector may buy of a case in its first hour. */
export const FirstHourPackCap = z.number().int().min(1).max(1000);

/** The 403 of a purchase from a queued case by a collector who has not joined its waiting room. */
export const DROP_NOT_JOINED_MESSAGE =
  'This drop has a waiting room: join it to buy a pack when your turn comes.';
/** The 403 of a purchase before the buyer's turn. */
export const dropNotYourTurnMessage = (position: number | null) =>
  position === null
    ? 'It is not your turn yet: the queue is drawn when the case opens.'
    : `It is not your turn yet: you are number ${position} in the queue.`;
/** The 403 of a purchase after the buyer's turn ended. */
export const DROP_TURN_ENDED_MESSAGE =
  'Your turn to buy has ended. Join the waiting room again to go to the back of the queue.';
/** The 403 of a purchase past the case's first-hour cap. */
export const firstHourCapMessage = (cap: number, left: number) =>
  `You can buy at most ${cap} packs of this case in its first hour; you have ${left} left.`;
/** The 409 of a join when the case has no waiting room open. */
export const DROP_NOT_OPEN_MESSAGE = 'This case has no waiting room open.';

/** Where a collector's entry stands: before its turn, in it, or after it. */
export const DropTurn = z.enum(['waiting', 'admitted', 'ended']);
export type DropTurn = z.infer<typeof DropTurn>;

export const DropEntry = z.object({
  entryId: Uuid,
  joinedAt: z.string(),
  /** Place in the queue (1 is first); null until the seed draws the order at activation. */
  position: z.number().int().nullable(),
  admittedFrom: z.string().nullable(),
  admittedUntil: z.string().nullable(),
  turn: DropTurn,
});
export type DropEntry = z.infer<typeof DropEntry>;

/**
 * - off: the case has no waiting room (none set, or it opened without one);
 * - upcoming: the waiting room opens at `opensAt`;
 * - waiting: open, before activation: entries are ordered by the seed at activation;
 * - admitting: the order is drawn (or about to be) and turns are given in batches.
 */
export const DropState = z.enum(['off', 'upcoming', 'waiting', 'admitting']);
export type DropState = z.infer<typeof DropState>;

export const DropQueueResponse = z.object({
  caseId: Uuid,
  state: DropState,
  opensAt: z.string().nullable(),
  activationTime: z.string().nullable(),
  /** SHA-256 (hex) of the seed, published when the waiting room opens. */
  seedHash: z.string().nullable(),
  /** The seed (hex), revealed once it has drawn the order. */
  seed: z.string().nullable(),
  /** How many collectors have joined. */
  entries: z.number().int(),
  admitBatch: z.number().int(),
  admitSeconds: z.number().int(),
  windowSeconds: z.number().int(),
  /** The server's clock, to count down to a turn. */
  serverTime: z.string(),
  /** The caller's entry; null when signed out or not joined. */
  you: DropEntry.nullable(),
});
export type DropQueueResponse = z.infer<typeof DropQueueResponse>;

export const DropOrderResponse = z.object({
  caseId: Uuid,
  /** Null (with no seed and no entries) for a case that had no waiting room. */
  seedHash: z.string().nullable(),
  seed: z.string().nullable(),
  /** Every entry made before activation, with the place the seed gave it (null until drawn). */
  entries: z.array(z.object({ entryId: Uuid, position: z.number().int().nullable() })),
});
export type DropOrderResponse = z.infer<typeof DropOrderResponse>;

/** What the drop's event stream sends (event "drop") when its queue changes: read it again. */
export const DropEvent = z.object({
  caseId: Uuid,
  entries: z.number().int(),
  ordered: z.boolean(),
});
export type DropEvent = z.infer<typeof DropEvent>;

const drops = ['drops'];

export const dropEndpoints = {
  dropQueue: endpoint({
    method: 'GET',
    path: '/api/grail-cases/:caseId/drop',
    operationId: 'getDropQueue',
    summary: "A case's waiting room: its state, committed seed hash, and the caller's entry",
    tags: drops,
    guard: 'public',
    params: CaseIdParams,
    response: DropQueueResponse,
    errors: [404],
  }),
  joinDrop: endpoint({
    method: 'POST',
    path: '/api/grail-cases/:caseId/drop/entries',
    operationId: 'joinDrop',
    summary: "Join a case's waiting room (once per collector: joining again keeps the place)",
    tags: drops,
    guard: 'purchase',
    params: CaseIdParams,
    response: DropQueueResponse,
    errors: [404, 409],
  }),
  dropOrder: endpoint({
    method: 'GET',
    path: '/api/grail-cases/:caseId/drop/order',
    operationId: 'getDropOrder',
    summary: 'The entry ids of a waiting room with their drawn places, and the seed once revealed',
    tags: drops,
    guard: 'public',
    params: CaseIdParams,
    response: DropOrderResponse,
    errors: [404],
  }),
  dropEvents: endpoint({
    method: 'GET',
    path: '/api/grail-cases/:caseId/drop/events',
    operationId: 'streamDropEvents',
    summary: 'Server-sent events: the waiting room changed (event "drop")',
    tags: drops,
    guard: 'public',
    params: CaseIdParams,
    responseKind: 'event-stream',
    rateLimited: true,
    errors: [404],
  }),
} as const;
