import { z } from 'zod';
import { ShippingAddress } from './auth.js';
import { BREAK_FORMATS, BREAK_SPORTS } from './constants.js';
import { endpoint } from './endpoint.js';
import { ActivationTime, ClientSeed, IdParams, Uuid } from './grail.js';
import { dollarsBetween } from './money.js';
import { ImageId } from './platform.js';

// ---- Formats, sports, statuses ----

export const BreakFormat = z.enum(BREAK_FORMATS);
export type BreakFormat = z.infer<typeof BreakFormat>;

export const BreakSport = z.enum(BREAK_SPORTS);
export type BreakSport = z.infer<typeof BreakSport>;

/**
 * draft (staff only) → open (spots on sale, seed hash published) → filled (sold out, or the
 * minimum reached at the deadline) → live (teams drawn, seed revealed, packs being opened) →
 * completed. open or filled → cancelled, with every spot refunded.
 */
export const BREAK_STATUSES = [
  'draft',
  'open',
  'filled',
  'live',
  'completed',
  'cancelled',
] as const;
export const BreakStatus = z.enum(BREAK_STATUSES);
export type BreakStatus = z.infer<typeof BreakStatus>;

/** Where a hit of a team no spot holds goes: the breaker keeps it, or a sold spot is drawn. */
export const UNOWNED_HIT_RULES = ['house', 'random_spot'] as const;
export const UnownedHitRule = z.enum(UNOWNED_HIT_RULES);
export type UnownedHitRule = z.infer<typeof UnownedHitRule>;
export const UNOWNED_HIT_RULE_TEXT: Record<UnownedHitRule, string> = {
  house: 'A hit of a team on no spot stays with the breaker.',
  random_spot: 'A hit of a team on no spot goes to a sold spot drawn with the revealed seed.',
};

/**
 * held: the owner's, to claim or sell back; house: nobody's (the breaker keeps it);
 * claimed: in the owner's combined shipment; shipped; sold_back: credited to the wallet.
 */
export const BREAK_HIT_STATUSES = ['held', 'house', 'claimed', 'shipped', 'sold_back'] as const;
export const BreakHitStatus = z.enum(BREAK_HIT_STATUSES);
export type BreakHitStatus = z.infer<typeof BreakHitStatus>;

/** The words every buyer sees before paying (the refund rule). */
export const BREAK_REFUND_RULE =
  'If the break does not reach its minimum by the sales deadline, or staff cancel it before it runs, every spot is refunded in full to the wallet it was paid from.';
/** What a holder is called when they hide their name. */
export const ANONYMOUS_HOLDER = 'Anonymous';
/** What a hit or spot nobody holds is shown as. */
export const HOUSE_HOLDER = 'House';

export const BREAK_MIN_SPOTS = 2;
export const BREAK_MAX_SPOTS = 64;
/** Spots one purchase may take at once. */
export const BREAK_MAX_SPOTS_PER_PURCHASE = 10;
/** A spot costs at least one cent and at most $100,000. */
export const BreakPrice = dollarsBetween(0.01, 100_000);

/** The preset team lists of random-team breaks (custom lists are typed in). */
export const TEAM_PRESETS = {
  MLB: [
    'Arizona Diamondbacks',
    'Athletics',
    'Atlanta Braves',
    'Baltimore Orioles',
    'Boston Red Sox',
    'Chicago Cubs',
    'Chicago White Sox',
    'Cincinnati Reds',
    'Cleveland Guardians',
    'Colorado Rockies',
    'Detroit Tigers',
    'Houston Astros',
    'Kansas City Royals',
    'Los Angeles Angels',
    'Los Angeles Dodgers',
    'Miami Marlins',
    'Milwaukee Brewers',
    'Minnesota Twins',
    'New York Mets',
    'New York Yankees',
    'Philadelphia Phillies',
    'Pittsburgh Pirates',
    'San Diego Padres',
    'San Francisco Giants',
    'Seattle Mariners',
    'St. Louis Cardinals',
    'Tampa Bay Rays',
    'Texas Rangers',
    'Toronto Blue Jays',
    'Washington Nationals',
  ],
  NFL: [
    'Arizona Cardinals',
    'Atlanta Falcons',
    'Baltimore Ravens',
    'Buffalo Bills',
    'Carolina Panthers',
    'Chicago Bears',
    'Cincinnati Bengals',
    'Cleveland Browns',
    'Dallas Cowboys',
    'Denver Broncos',
    'Detroit Lions',
    'Green Bay Packers',
    'Houston Texans',
    'Indianapolis Colts',
    'Jacksonville Jaguars',
    'Kansas City Chiefs',
    'Las Vegas Raiders',
    'Los Angeles Chargers',
    'Los Angeles Rams',
    'Miami Dolphins',
    'Minnesota Vikings',
    'New England Patriots',
    'New Orleans Saints',
    'New York Giants',
    'New York Jets',
    'Philadelphia Eagles',
    'Pittsburgh Steelers',
    'San Francisco 49ers',
    'Seattle Seahawks',
    'Tampa Bay Buccaneers',
    'Tennessee Titans',
    'Washington Commanders',
  ],
  NBA: [
    'Atlanta Hawks',
    'Boston Celtics',
    'Brooklyn Nets',
    'Charlotte Hornets',
    'Chicago Bulls',
    'Cleveland Cavaliers',
    'Dallas Mavericks',
    'Denver Nuggets',
    'Detroit Pistons',
    'Golden State Warriors',
    'Houston Rockets',
    'Indiana Pacers',
    'LA Clippers',
    'Los Angeles Lakers',
    'Memphis Grizzlies',
    'Miami Heat',
    'Milwaukee Bucks',
    'Minnesota Timberwolves',
    'New Orleans Pelicans',
    'New York Knicks',
    'Oklahoma City Thunder',
    'Orlando Magic',
    'Philadelphia 76ers',
    'Phoenix Suns',
    'Portland Trail Blazers',
    'Sacramento Kings',
    'San Antonio Spurs',
    'Toronto Raptors',
    'Utah Jazz',
    'Washington Wizards',
  ],
} as const satisfies Record<string, readonly string[]>;
export type TeamPreset = keyof typeof TEAM_PRESETS;

/** Team names compare without case or surrounding spaces ("new york mets" is the Mets). */
export const teamKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

// ---- Live stream links ----

/** The hosts whose stream pages a break may link (the page embeds YouTube and Twitch players). */
const STREAM_HOSTS = /^(www\.|m\.)?(youtube\.com|youtu\.be|twitch\.tv|whatnot\.com)$/;

export const StreamUrl = z
  .url({ message: 'must be a web address' })
  .max(300)
  .refine((text) => {
    try {
      const url = new URL(text);
      return url.protocol === 'https:' && STREAM_HOSTS.test(url.hostname);
    } catch {
      return false;
    }
  }, 'must be an https link to YouTube, Twitch or Whatnot');

export type StreamEmbed =
  { kind: 'youtube'; videoId: string } | { kind: 'twitch'; channel: string } | { kind: 'link' };

/**
 * What the page can embed from a stream link, by URL only: a YouTube video id or a Twitch
 * channel; anything else (Whatnot, a YouTube channel page) is shown as a link.
 */
export function streamEmbed(link: string): StreamEmbed {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { kind: 'link' };
  }
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const id = /^[\w-]{6,20}$/;
  if (host === 'youtu.be') {
    const videoId = url.pathname.slice(1);
    if (id.test(videoId)) return { kind: 'youtube', videoId };
  }
  if (host === 'youtube.com') {
    const videoId =
      url.searchParams.get('v') ?? /^\/(live|embed|shorts)\/([\w-]+)/.exec(url.pathname)?.[2];
    if (videoId && id.test(videoId)) return { kind: 'youtube', videoId };
  }
  if (host === 'twitch.tv') {
    const channel = url.pathname.split('/')[1] ?? '';
    if (/^\w{3,25}$/.test(channel)) return { kind: 'twitch', channel };
  }
  return { kind: 'link' };
}

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

// ---- Buying spots ----

export const BuySpotsBody = z
  .object({
    /** Random team: how many spots (the next free ones). */
    quantity: z.number().int().min(1).max(BREAK_MAX_SPOTS_PER_PURCHASE).optional(),
    /** Pick your team: the spots (teams) chosen. */
    spotNumbers: z
      .array(z.number().int().min(1).max(BREAK_MAX_SPOTS))
      .min(1)
      .max(BREAK_MAX_SPOTS_PER_PURCHASE)
      .refine((n) => new Set(n).size === n.length, 'must not name a spot twice')
      .optional(),
    clientSeed: ClientSeed.optional(),
  })
  .strict()
  .refine((b) => !(b.quantity !== undefined && b.spotNumbers !== undefined), {
    path: ['spotNumbers'],
    message: 'send either quantity or spotNumbers, not both',
  });
export type BuySpotsBody = z.infer<typeof BuySpotsBody>;

export const MySpot = z.object({
  spotNumber: z.number().int(),
  team: z.string().nullable(),
  price: z.number(),
  k: z.number().int(),
  clientSeed: z.string(),
  purchasedAt: z.string(),
  refundedAt: z.string().nullable(),
});
export type MySpot = z.infer<typeof MySpot>;
export const BuySpotsResponse = z.object({
  breakId: z.string(),
  spots: z.array(MySpot),
  charged: z.number(),
  balance: z.number(),
});
export type BuySpotsResponse = z.infer<typeof BuySpotsResponse>;

// ---- The owner's side ----

export const MyHit = BreakHit.extend({
  status: BreakHitStatus,
  /** What a sell-back credits now; null when staff set no price or it can no longer be sold. */
  buybackPrice: z.number().nullable(),
  soldBackFor: z.number().nullable(),
});
export type MyHit = z.infer<typeof MyHit>;

export const BreakShipment = z.object({
  _id: z.string(),
  status: z.enum(['pending', 'shipped', 'delivered']),
  shipBy: z.string(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
});
export const MyBreak = z.object({
  break: BreakSummary,
  spots: z.array(MySpot),
  hits: z.array(MyHit),
  /** The one combined shipment of this break's hits, once claimed. */
  shipment: BreakShipment.nullable(),
  /** Held hits can be claimed now (the break has ended). */
  canClaim: z.boolean(),
});
export type MyBreak = z.infer<typeof MyBreak>;
export const MyBreaksResponse = z.object({ breaks: z.array(MyBreak) });
export type MyBreaksResponse = z.infer<typeof MyBreaksResponse>;

export const ClaimHitsBody = z.object({ shippingAddress: ShippingAddress.optional() }).strict();
export type ClaimHitsBody = z.infer<typeof ClaimHitsBody>;
export const ClaimHitsResponse = z.object({ break: MyBreak });
export type ClaimHitsResponse = z.infer<typeof ClaimHitsResponse>;
export const SellBackHitResponse = z.object({
  hit: MyHit,
  credited: z.number(),
  balance: z.number(),
});
export type SellBackHitResponse = z.infer<typeof SellBackHitResponse>;

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

const breaks = ['breaks'];
const admin = ['admin', 'breaks'];

/** Group breaks (only while BREAKS_ENABLED is on; otherwise every one of these answers 404). */
export const breakEndpoints = {
  breaks: endpoint({
    method: 'GET',
    path: '/api/breaks',
    operationId: 'listBreaks',
    summary: 'Breaks on sale, waiting to run, live and finished, by sport and format',
    tags: breaks,
    flag: 'BREAKS_ENABLED',
    guard: 'public',
    query: BreaksQuery,
    response: BreakListResponse,
  }),
  myBreaks: endpoint({
    method: 'GET',
    path: '/api/breaks/mine',
    operationId: 'listMyBreaks',
    summary: "The caller's breaks: spots, hits and the combined shipment",
    tags: breaks,
    flag: 'BREAKS_ENABLED',
    guard: 'authenticated',
    response: MyBreaksResponse,
  }),
  break: endpoint({
    method: 'GET',
    path: '/api/breaks/:id',
    operationId: 'getBreak',
    summary: 'A break with its spots, holders, hits and fairness commitments',
    tags: breaks,
    flag: 'BREAKS_ENABLED',
    guard: 'public',
    params: IdParams,
    response: BreakDetailResponse,
  }),
  breakFairness: endpoint({
    method: 'GET',
    path: '/api/breaks/:id/fairness',
    operationId: 'getBreakFairness',
    summary: "A break's team list, purchases in order and, once drawn, the seed and assignments",
    tags: breaks,
    flag: 'BREAKS_ENABLED',
    guard: 'public',
    params: IdParams,
    response: BreakFairnessResponse,
  }),
  breakEvents: endpoint({
    method: 'GET',
    path: '/api/breaks/:id/events',
    operationId: 'streamBreakEvents',
    summary:
      'Server-sent events of one break: spots sold ("spots"), the shuffle ("step", "assignment") and hits ("hit")',
    tags: breaks,
    flag: 'BREAKS_ENABLED',
    guard: 'public',
    params: IdParams,
    responseKind: 'event-stream',
    rateLimited: true,
  }),
  buySpots: endpoint({
    method: 'POST',
    path: '/api/breaks/:id/spots',
    operationId: 'buyBreakSpots',
    summary: 'Buy spots from the wallet (random team: a quantity; pick your team: the teams)',
    tags: breaks,
    flag: 'BREAKS_ENABLED',
    guard: 'purchase',
    idempotent: true,
    params: IdParams,
    body: BuySpotsBody,
    status: 201,
    response: BuySpotsResponse,
    errors: [402, 409],
  }),
  claimHits: endpoint({
    method: 'POST',
    path: '/api/breaks/:id/claim',
    operationId: 'claimBreakHits',
    summary: "Ship the caller's held hits of a finished break in one combined shipment",
    tags: breaks,
    flag: 'BREAKS_ENABLED',
    guard: 'authenticated',
    params: IdParams,
    body: ClaimHitsBody.nullish(),
    response: ClaimHitsResponse,
    errors: [409],
  }),
  sellBackHit: endpoint({
    method: 'POST',
    path: '/api/break-hits/:id/sell-back',
    operationId: 'sellBackBreakHit',
    summary: 'Sell a held hit back for the price staff set, credited to the wallet',
    tags: breaks,
    flag: 'BREAKS_ENABLED',
    guard: 'authenticated',
    params: IdParams,
    response: SellBackHitResponse,
    errors: [409],
  }),
  adminBreaks: endpoint({
    method: 'GET',
    path: '/api/admin/breaks',
    operationId: 'adminListBreaks',
    summary: 'Every break, drafts included',
    tags: admin,
    flag: 'BREAKS_ENABLED',
    guard: 'admin',
    response: BreakListResponse,
  }),
  adminCreateBreak: endpoint({
    method: 'POST',
    path: '/api/admin/breaks',
    operationId: 'adminCreateBreak',
    summary: 'Create a draft break',
    tags: admin,
    flag: 'BREAKS_ENABLED',
    guard: 'admin',
    body: BreakInput,
    status: 201,
    response: AdminBreakResponse,
  }),
  adminUploadBreakImage: endpoint({
    method: 'POST',
    path: '/api/admin/breaks/:id/images',
    operationId: 'adminUploadBreakImage',
    summary: 'Upload a photo for a break: its product or a hit (multipart field "image")',
    tags: admin,
    flag: 'BREAKS_ENABLED',
    guard: 'admin',
    params: IdParams,
    body: BreakImageUploadBody,
    bodyKind: 'multipart',
    status: 201,
    response: BreakImageUploadResponse,
    errors: [413, 415],
  }),
  adminBreak: endpoint({
    method: 'GET',
    path: '/api/admin/breaks/:id',
    operationId: 'adminGetBreak',
    summary: 'A break with its buyers, refunds and hits',
    tags: admin,
    flag: 'BREAKS_ENABLED',
    guard: 'admin',
    params: IdParams,
    response: AdminBreakResponse,
  }),
  adminUpdateBreak: endpoint({
    method: 'PATCH',
    path: '/api/admin/breaks/:id',
    operationId: 'adminUpdateBreak',
    summary: 'Change a draft (once on sale: the stream link and description only)',
    tags: admin,
    flag: 'BREAKS_ENABLED',
    guard: 'admin',
    params: IdParams,
    body: BreakUpdate,
    response: AdminBreakResponse,
    errors: [409],
  }),
  adminOpenBreak: endpoint({
    method: 'POST',
    path: '/api/admin/breaks/:id/open',
    operationId: 'adminOpenBreak',
    summary: 'Put the spots on sale and publish the server seed hash',
    tags: admin,
    flag: 'BREAKS_ENABLED',
    guard: 'admin',
    params: IdParams,
    response: AdminBreakResponse,
    errors: [409],
  }),
  adminStartBreak: endpoint({
    method: 'POST',
    path: '/api/admin/breaks/:id/start',
    operationId: 'adminStartBreak',
    summary: 'Run a filled break: draw the teams live and reveal the seed',
    tags: admin,
    flag: 'BREAKS_ENABLED',
    guard: 'admin',
    params: IdParams,
    response: AdminBreakResponse,
    errors: [409],
  }),
  adminAddHit: endpoint({
    method: 'POST',
    path: '/api/admin/breaks/:id/hits',
    operationId: 'adminAddBreakHit',
    summary: "Enter a hit as its pack is opened; it goes to the holder of the hit's team",
    tags: admin,
    flag: 'BREAKS_ENABLED',
    guard: 'admin',
    params: IdParams,
    body: HitInput,
    status: 201,
    response: AdminBreakResponse,
    errors: [409],
  }),
  adminUpdateHit: endpoint({
    method: 'PATCH',
    path: '/api/admin/breaks/:id/hits/:hitId',
    operationId: 'adminUpdateBreakHit',
    summary: "Set or clear a held hit's buyback price",
    tags: admin,
    flag: 'BREAKS_ENABLED',
    guard: 'admin',
    params: BreakHitParams,
    body: HitUpdate,
    response: AdminBreakResponse,
    errors: [409],
  }),
  adminCompleteBreak: endpoint({
    method: 'POST',
    path: '/api/admin/breaks/:id/complete',
    operationId: 'adminCompleteBreak',
    summary: 'End a live break: its owners may claim their hits (shipped within 48 hours)',
    tags: admin,
    flag: 'BREAKS_ENABLED',
    guard: 'admin',
    params: IdParams,
    response: AdminBreakResponse,
    errors: [409],
  }),
  adminCancelBreak: endpoint({
    method: 'POST',
    path: '/api/admin/breaks/:id/cancel',
    operationId: 'adminCancelBreak',
    summary: 'Cancel a break before it runs and refund every spot to its buyer',
    tags: admin,
    flag: 'BREAKS_ENABLED',
    guard: 'admin',
    params: IdParams,
    response: CancelBreakResponse,
    errors: [409],
  }),
} as const;
