import { z } from 'zod';
import { CAROUSEL_CARDS_LIMIT } from './constants.js';
import { endpoint } from './endpoint.js';

export const CARD_GRADERS = ['PSA', 'BGS', 'SGC'] as const;
export const Grader = z.enum(CARD_GRADERS);
export type Grader = z.infer<typeof Grader>;
export const CardStatus = z.enum(['available', 'reserved', 'in_case', 'pulled', 'sold']);
export type CardStatus = z.infer<typeof CardStatus>;
export const STORE_SORTS = ['createdAt', 'storePrice', 'fmv', 'name'] as const;
export const StoreSort = z.enum(STORE_SORTS);
export type StoreSort = z.infer<typeof StoreSort>;
export const SortOrder = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof SortOrder>;
export const STORE_PAGE_SIZE = 24;
export const STORE_MAX_LIMIT = 100;

/** A grader's public certificate lookup page (where a buyer checks the slab is genuine). */
export function certVerificationUrl(grader: string | null, certNumber: string | null) {
  if (!grader || !certNumber) return null;
  const cert = encodeURIComponent(certNumber);
  switch (grader) {
    case 'PSA':
      return `https://www.psacard.com/cert/${cert}`;
    case 'BGS':
      return `https://www.beckett.com/grading/card-lookup?item_type=BGS&item_id=${cert}`;
    case 'SGC':
      return `https://gosgc.com/cert-code-lookup?certCode=${cert}`;
    default:
      return null;
  }
}

/** A query number: digits only, so 'abc' or '1e3' are rejected naming the parameter. */
const queryNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/, 'must be a number')
    .transform(Number)
    .pipe(z.number().min(min).max(max));

/** GET /api/products/store-items query: every parameter optional; limit capped at 100. */
export const StoreItemsQuery = z
  .object({
    limit: z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(1, 'must be at least 1'))
      .transform((n) => Math.min(n, STORE_MAX_LIMIT))
      .default(STORE_PAGE_SIZE),
    page: z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(1, 'must be at least 1').max(100_000))
      .default(1),
    sort: StoreSort.default('createdAt'),
    order: SortOrder.default('desc'),
    q: z.string().trim().max(100).optional(),
    sport: z.string().trim().min(1).max(50).optional(),
    grader: z.enum([...CARD_GRADERS, 'Raw']).optional(),
    minGrade: queryNumber(1, 10).optional(),
    maxGrade: queryNumber(1, 10).optional(),
    minPrice: queryNumber(0, 10_000_000).optional(),
    maxPrice: queryNumber(0, 10_000_000).optional(),
  })
  .refine((q) => q.minGrade === undefined || q.maxGrade === undefined || q.minGrade <= q.maxGrade, {
    path: ['maxGrade'],
    message: 'must not be below minGrade',
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    path: ['maxPrice'],
    message: 'must not be below minPrice',
  });
export type StoreItemsQuery = z.input<typeof StoreItemsQuery>;

/** A card as the API shows it (SPEC §3 Product and Store item fields, plus its details). */
export const Product = z.object({
  _id: z.string(),
  name: z.string(),
  player: z.string(),
  year: z.number().int(),
  setName: z.string(),
  cardNumber: z.string(),
  sport: z.string(),
  team: z.string().nullable(),
  variant: z.string().nullable(),
  grader: Grader.nullable(),
  /** The slab's label ('GEM MT 10', '9.5'); null when raw. */
  grade: z.string().nullable(),
  gradeValue: z.number().nullable(),
  /** 'PSA GEM MT 10', 'BGS 9.5' or 'Raw'. */
  gradeLabel: z.string(),
  certNumber: z.string().nullable(),
  certUrl: z.string().nullable(),
  conditionNote: z.string().nullable(),
  images: z.array(z.string()),
  imageUrl: z.string(),
  fmv: z.number(),
  storePrice: z.number().nullable(),
  status: CardStatus,
  createdAt: z.string(),
});
export type Product = z.infer<typeof Product>;
export const StoreItem = Product.extend({ storePrice: z.number() });
export type StoreItem = z.infer<typeof StoreItem>;

export const StoreItemsResponse = z.object({
  products: z.array(StoreItem),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type StoreItemsResponse = z.infer<typeof StoreItemsResponse>;

export const CarouselCardsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(STORE_MAX_LIMIT).default(CAROUSEL_CARDS_LIMIT),
  minFmv: z.coerce.number().min(0).default(0),
});
export const CarouselCardsResponse = z.array(Product);

export const ProductParams = z.object({ id: z.uuid({ message: 'must be a valid id' }) });

const money = z.number().min(0).max(10_000_000).multipleOf(0.01);
/** Admin create/update of a card (dollars, converted to cents by the server). */
export const CardInput = z
  .object({
    name: z.string().trim().min(1).max(200),
    player: z.string().trim().min(1).max(100),
    year: z.number().int().min(1860).max(2100),
    setName: z.string().trim().min(1).max(100),
    cardNumber: z.string().trim().min(1).max(30),
    sport: z.string().trim().min(1).max(50),
    team: z.string().trim().max(100).nullable().default(null),
    variant: z.string().trim().max(100).nullable().default(null),
    grader: Grader.nullable().default(null),
    grade: z.string().trim().min(1).max(30).nullable().default(null),
    gradeValue: z.number().min(1).max(10).nullable().default(null),
    certNumber: z.string().trim().max(40).nullable().default(null),
    conditionNote: z.string().trim().max(500).nullable().default(null),
    fmv: money,
    storePrice: money.positive().nullable().default(null),
    imageIds: z.array(z.string().min(1).max(64)).max(12).default([]),
  })
  .refine((c) => (c.grader === null) === (c.grade === null), {
    path: ['grade'],
    message: 'a graded card needs both grader and grade; a raw card neither',
  });
export type CardInput = z.input<typeof CardInput>;
export const CardUpdate = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  fmv: money.optional(),
  storePrice: money.positive().nullable().optional(),
  status: z.enum(['available', 'reserved']).optional(),
  imageIds: z.array(z.string().min(1).max(64)).max(12).optional(),
  conditionNote: z.string().trim().max(500).nullable().optional(),
});
export type CardUpdate = z.input<typeof CardUpdate>;
export const ImageUploadResponse = z.object({
  imageId: z.string(),
  url: z.string(),
  product: Product,
});

/** The upload's one multipart field; documentation only, the handler reads the file itself. */
export const ImageUploadBody = z.object({
  image: z.string().describe('The picture: JPEG, PNG or WebP, at most 10 MB'),
});

const catalog = ['catalog'];
const adminCatalog = ['admin', 'catalog'];

export const catalogEndpoints = {
  storeItems: endpoint({
    method: 'GET',
    path: '/api/products/store-items',
    operationId: 'listStoreItems',
    summary: 'Cards for sale in the store: search, filters, sort and pages',
    tags: catalog,
    guard: 'public',
    query: StoreItemsQuery,
    response: StoreItemsResponse,
  }),
  carouselCards: endpoint({
    method: 'GET',
    path: '/api/products/carousel-cards',
    operationId: 'listCarouselCards',
    summary: 'Featured cards for the home page carousel',
    tags: catalog,
    guard: 'public',
    query: CarouselCardsQuery,
    response: CarouselCardsResponse,
  }),
  product: endpoint({
    method: 'GET',
    path: '/api/products/:id',
    operationId: 'getProduct',
    summary: 'One card with its details',
    tags: catalog,
    guard: 'public',
    params: ProductParams,
    response: Product,
  }),
  adminCreateCard: endpoint({
    method: 'POST',
    path: '/api/admin/cards',
    operationId: 'adminCreateCard',
    summary: 'Add a card to the catalogue',
    tags: adminCatalog,
    guard: 'admin',
    body: CardInput,
    status: 201,
    response: Product,
  }),
  adminUpdateCard: endpoint({
    method: 'PATCH',
    path: '/api/admin/cards/:id',
    operationId: 'adminUpdateCard',
    summary: "Change a card (a sold, pulled or in-case card's price and status are final)",
    tags: adminCatalog,
    guard: 'admin',
    params: ProductParams,
    body: CardUpdate,
    response: Product,
    errors: [409],
  }),
  adminDeleteCard: endpoint({
    method: 'DELETE',
    path: '/api/admin/cards/:id',
    operationId: 'adminDeleteCard',
    summary: 'Delete a card no order or case refers to',
    tags: adminCatalog,
    guard: 'admin',
    params: ProductParams,
    status: 204,
    responseKind: 'empty',
    errors: [409],
  }),
  adminUploadCardImage: endpoint({
    method: 'POST',
    path: '/api/admin/cards/:id/images',
    operationId: 'adminUploadCardImage',
    summary: 'Upload one picture (multipart field "image") and append it to the card\'s gallery',
    tags: adminCatalog,
    guard: 'admin',
    params: ProductParams,
    body: ImageUploadBody,
    bodyKind: 'multipart',
    status: 201,
    response: ImageUploadResponse,
    errors: [413, 415],
  }),
} as const;
