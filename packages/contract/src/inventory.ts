import { z } from 'zod';
import { CardIdentity } from './catalog.js';
import { endpoint } from './endpoint.js';
import { Dollars, PositiveDollars, MAX_DOLLARS } from './money.js';
import { queryDollars, queryInteger } from './query.js';
import { Uuid } from './grail.js';

/** A card's place in the shop, as the catalogue table records it. */
export const INVENTORY_STATUSES = ['available', 'reserved', 'in_case', 'pulled', 'sold'] as const;
export const InventoryStatus = z.enum(INVENTORY_STATUSES);
export const INVENTORY_GRADERS = ['PSA', 'BGS', 'SGC', 'CGC'] as const;
export const InventoryGrader = z.enum(INVENTORY_GRADERS);

/** The columns of an inventory CSV file, in order: what an import reads and an export writes. */
export const INVENTORY_CSV_COLUMNS = [
  'name',
  'player',
  'year',
  'set',
  'number',
  'sport',
  'team',
  'grader',
  'grade',
  'cert',
  'FMV',
  'store price',
  'image URLs',
] as const;
/** The largest import, in rows: one transaction stays short. */
export const INVENTORY_IMPORT_MAX_ROWS = 2_000;
export const INVENTORY_PAGE_SIZES = [25, 50, 100] as const;

export const InventoryCard = z.object({
  cardId: Uuid,
  ...CardIdentity.shape,
  grader: InventoryGrader.nullable(),
  grade: z.string().nullable(),
  certNumber: z.string().nullable(),
  fmv: z.number(),
  storePrice: z.number().nullable(),
  status: InventoryStatus,
  imageUrls: z.array(z.string()),
  /** The Grail case holding the card, if any. */
  case: z.object({ caseId: Uuid, name: z.string(), status: z.string() }).nullable(),
  updatedAt: z.iso.datetime(),
});
export type InventoryCard = z.infer<typeof InventoryCard>;

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);

export const InventoryQuery = z.object({
  /** Matches the name, player, set, team or cert number. */
  q: z.string().trim().max(100).optional(),
  status: InventoryStatus.optional(),
  caseId: Uuid.optional(),
  sport: z.string().trim().max(40).optional(),
  /** A grader, or `raw` for ungraded cards. */
  grader: z.enum([...INVENTORY_GRADERS, 'raw']).optional(),
  /** Bounds on the card's FMV, in dollars. */
  minFmv: queryDollars(0, MAX_DOLLARS).optional(),
  maxFmv: queryDollars(0, MAX_DOLLARS).optional(),
  page: queryInteger(1, 100_000).default(1),
  pageSize: queryInteger(1, 100).default(25),
});
export type InventoryQuery = z.infer<typeof InventoryQuery>;
export const InventoryExportQuery = InventoryQuery.omit({ page: true, pageSize: true });

export const InventoryListResponse = z.object({
  cards: z.array(InventoryCard),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every sport in the inventory, for the filter. */
  sports: z.array(z.string()),
  /** Every Grail case, for the filter. */
  cases: z.array(z.object({ caseId: Uuid, name: z.string() })),
});
export type InventoryListResponse = z.infer<typeof InventoryListResponse>;

/** The fields staff may change; a card of a committed Grail case keeps its value fields (409). */
export const UpdateInventoryCardBody = z
  .object({
    name: text(200),
    player: text(80),
    year: z.number().int().min(1900).max(2100),
    setName: text(80),
    cardNumber: text(20),
    sport: text(40),
    team: z.string().trim().max(80).nullable(),
    grader: InventoryGrader.nullable(),
    grade: z.string().trim().max(20).nullable(),
    certNumber: z.string().trim().max(30).nullable(),
    fmv: Dollars,
    storePrice: PositiveDollars.nullable(),
  })
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'must change at least one field');
export type UpdateInventoryCardBody = z.infer<typeof UpdateInventoryCardBody>;
export const InventoryCardParams = z.object({ cardId: Uuid });
export const InventoryCardResponse = z.object({ card: InventoryCard });

export const InventoryImportBody = z
  .object({
    /** The CSV file's text (UTF-8), header line first. */
    csv: z
      .string()
      .min(1, 'Paste the CSV or choose a file')
      .max(2_000_000, 'The CSV may be at most 2 MB'),
    /** Check every line and report, writing nothing. */
    dryRun: z.boolean(),
  })
  .strict();
export type InventoryImportBody = z.infer<typeof InventoryImportBody>;

/** The multipart import's fields; documentation only, the handler reads the parts itself. */
export const InventoryImportFilesBody = z.object({
  csv: z.string().describe('The CSV file (UTF-8), header line first, at most 2 MB'),
  dryRun: z.enum(['true', 'false']).describe('Check every line and report, writing nothing'),
  images: z
    .string()
    .describe(
      "Image files (JPEG, PNG or WebP, at most 10 MB each, at most 50), named in the CSV's image column by file name; the field may repeat",
    ),
});
/** How many image files one multipart import may carry. */
export const INVENTORY_IMPORT_MAX_FILES = 50;

export const InventoryImportIssue = z.object({
  /** The file's line (1 is the header). */
  line: z.number().int(),
  /** The column's name as the header spells it, or null for the whole line. */
  column: z.string().nullable(),
  message: z.string(),
});
export type InventoryImportIssue = z.infer<typeof InventoryImportIssue>;

/**
 * An import whose rows name image URLs, worked in the background a few fetches at a time: each
 * row is written once its images are stored; a row whose image cannot be had is left out and
 * listed by line.
 */
export const InventoryImportJob = z.object({
  _id: z.string(),
  status: z.enum(['running', 'done']),
  /** Data rows in the file. */
  total: z.number().int(),
  imported: z.number().int(),
  failed: z.number().int(),
  /** Each row left out, by line, in line order. */
  failures: z.array(InventoryImportIssue),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type InventoryImportJob = z.infer<typeof InventoryImportJob>;
export const InventoryImportJobParams = z.object({ importId: Uuid });
export const InventoryImportJobResponse = z.object({ job: InventoryImportJob });
export type InventoryImportJobResponse = z.infer<typeof InventoryImportJobResponse>;

export const InventoryImportResponse = z.object({
  dryRun: z.boolean(),
  /** Data rows read. */
  rows: z.number().int(),
  /** Every problem found; when any, nothing was written. */
  errors: z.array(InventoryImportIssue),
  /** Cards written (0 on a dry run, when any row is bad, or when the import runs as a job). */
  imported: z.number().int(),
  /** Present when rows name image URLs: the import goes on in the background (follow its job). */
  job: InventoryImportJob.optional(),
});
export type InventoryImportResponse = z.infer<typeof InventoryImportResponse>;

const tags = ['admin', 'inventory'];

/** The staff console's inventory: every card, searched, edited, imported and exported. */
export const inventoryEndpoints = {
  adminInventory: endpoint({
    method: 'GET',
    path: '/api/admin/inventory',
    operationId: 'adminListInventory',
    summary: 'Every card, searched and filtered (status, case, sport, grader, FMV), one page',
    tags,
    guard: 'admin',
    query: InventoryQuery,
    response: InventoryListResponse,
  }),
  adminUpdateInventoryCard: endpoint({
    method: 'PATCH',
    path: '/api/admin/inventory/:cardId',
    operationId: 'adminUpdateInventoryCard',
    summary: 'Change a card (audited); 409 when a committed Grail case fixes the field',
    tags,
    guard: 'admin',
    params: InventoryCardParams,
    body: UpdateInventoryCardBody,
    response: InventoryCardResponse,
    errors: [409],
  }),
  adminImportInventory: endpoint({
    method: 'POST',
    path: '/api/admin/inventory/import',
    operationId: 'adminImportInventory',
    summary:
      'Import cards from CSV: a dry run reports every bad row by line and column; an import writes all rows or none, or, when rows name image URLs, starts a job that fetches them',
    tags,
    guard: 'admin',
    body: InventoryImportBody,
    response: InventoryImportResponse,
  }),
  adminImportInventoryFiles: endpoint({
    method: 'POST',
    path: '/api/admin/inventory/import-files',
    operationId: 'adminImportInventoryFiles',
    summary:
      'Import cards from a CSV uploaded with image files (multipart fields "csv", "dryRun", "images"): the same checks, all rows or none',
    tags,
    guard: 'admin',
    body: InventoryImportFilesBody,
    bodyKind: 'multipart',
    response: InventoryImportResponse,
    errors: [413, 415],
  }),
  adminInventoryImportJob: endpoint({
    method: 'GET',
    path: '/api/admin/inventory/imports/:importId',
    operationId: 'adminInventoryImportJob',
    summary: "An import job's progress: rows imported and failed, each failure by line",
    tags,
    guard: 'admin',
    params: InventoryImportJobParams,
    response: InventoryImportJobResponse,
    errors: [404],
  }),
  adminExportInventory: endpoint({
    method: 'GET',
    path: '/api/admin/inventory/export',
    operationId: 'adminExportInventory',
    summary: 'The filtered inventory as a CSV download (the import columns)',
    tags,
    guard: 'admin',
    query: InventoryExportQuery,
    responseKind: 'binary',
  }),
} as const;
