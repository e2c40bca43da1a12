import { z } from 'zod';
import { CARD_GRADERS, CAROUSEL_CARDS_LIMIT, STORE_PAGE_SIZE } from './constants.js';
import { endpoint } from './endpoint.js';
import { Dollars, MAX_DOLLARS, PositiveDollars } from './money.js';
import { ImageId } from './platform.js';
import { PageFields, queryDecimal, queryDollars, queryInteger } from './query.js';

export const Grader = z.enum(CARD_GRADERS);
export type Grader = z.infer<typeof Grader>;
export const CardStatus = z.enum(['available', 'reserved', 'in_case', 'pulled', 'sold']);
export type CardStatus = z.infer<typeof CardStatus>;
export const STORE_SORTS = ['createdAt', 'storePrice', 'fmv', 'name'] as const;
export const StoreSort = z.enum(STORE_SORTS);
export type StoreSort = z.infer<typeof StoreSort>;
export const SortOrder = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof SortOrder>;
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
    case 'CGC':
      return `https://www.cgccards.com/certlookup/${cert}/`;
    default:
      return null;
  }
}

/** GET /api/products/store-items query: every parameter optional; limit capped at 100. */
export const StoreItemsQuery = z
  .object({
    // A larger page size is served as the largest one, not refused.
    limit: queryInteger(1, 1_000_000)
      .transform((n) => Math.min(n, STORE_MAX_LIMIT))
      .default(STORE_PAGE_SIZE),
    page: queryInteger(1, 100_000).default(1),
    sort: StoreSort.default('createdAt'),
    order: SortOrder.default('desc'),
    q: z.string().trim().max(100).optional(),
    sport: z.string().trim().min(1).max(50).optional(),
    grader: z.enum([...CARD_GRADERS, 'Raw']).optional(),
    minGrade: queryDecimal(1, 10).optional(),
    maxGrade: queryDecimal(1, 10).optional(),
    minPrice: queryDollars(0, MAX_DOLLARS).optional(),
    maxPrice: queryDollars(0, MAX_DOLLARS).optional(),
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

/** What is printed on a card: the fields the store and the inventory both show. */
export const CardIdentity = z.object({
  name: z.string(),
  player: z.string(),
  year: z.number().int(),
  setName: z.string(),
  cardNumber: z.string(),
  sport: z.string(),
  team: z.string().nullable(),
});

/** A card as the API shows it: the featured-card and store-item fields (name, images, FMV, price), plus its details. */
export const Product = z.object({
  _id: z.string(),
  ...CardIdentity.shape,
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
  /** Where the FMV comes from ('Recent sales') and when it last changed. */
  fmvSource: z.string(),
  fmvUpdatedAt: z.string(),
  storePrice: z.number().nullable(),
  status: CardStatus,
  createdAt: z.string(),
});
export type Product = z.infer<typeof Product>;
export const StoreItem = Product.extend({ storePrice: z.number() });
export type StoreItem = z.infer<typeof StoreItem>;

export const StoreItemsResponse = z.object({
  products: z.array(StoreItem),
  ...PageFields,
});
export type StoreItemsResponse = z.infer<typeof StoreItemsResponse>;

export const CarouselCardsQuery = z.object({
  limit: queryInteger(1, STORE_MAX_LIMIT).default(CAROUSEL_CARDS_LIMIT),
  minFmv: queryDollars(0, MAX_DOLLARS).default(0),
});
export const CarouselCardsResponse = z.array(Product);

export const ProductParams = z.object({ id: z.uuid({ message: 'must be a valid id' }) });

/** The images of a card: ids answered by its uploads, each once, the first being the cover. */
const CardImageIds = z
  .array(ImageId)
  .max(12, 'must list at most 12 images')
  .refine((ids) => new Set(ids).size === ids.length, 'must not list an image twice');
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
    // Slab grades go in half steps (BGS 9.5, PSA 8.5): 9.25 would be stored rounded to 9.3.
    gradeValue: z
      .number()
      .min(1, 'must be at least 1')
      .max(10, 'must be at most 10')
      .refine((g) => Number.isInteger(g * 2), 'must be a whole or half grade, such as 9 or 9.5')
      .nullable()
      .default(null),
    certNumber: z.string().trim().max(40).nullable().default(null),
    conditionNote: z.string().trim().max(500).nullable().default(null),
    fmv: Dollars,
    storePrice: PositiveDollars.nullable().default(null),
    imageIds: CardImageIds.default([]),
  })
  .refine((c) => (c.grader === null) === (c.grade === null), {
    path: ['grade'],
    message: 'a graded card needs both grader and grade; a raw card neither',
  });
export type CardInput = z.input<typeof CardInput>;
export const CardUpdate = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  fmv: Dollars.optional(),
  storePrice: PositiveDollars.nullable().optional(),
  status: z.enum(['available', 'reserved']).optional(),
  imageIds: CardImageIds.optional(),
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

/** A card of the same player sold in the store: what it went for and when (never who bought it). */
export const SoldComparable = z.object({
  _id: z.string(),
  name: z.string(),
  gradeLabel: z.string(),
  imageUrl: z.string(),
  price: z.number(),
  soldAt: z.string(),
});
export type SoldComparable = z.infer<typeof SoldComparable>;
export const SoldComparablesResponse = z.object({ sold: z.array(SoldComparable) });
export type SoldComparablesResponse = z.infer<typeof SoldComparablesResponse>;

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
  soldComparables: endpoint({
    method: 'GET',
    path: '/api/products/:id/sold-comparables',
    operationId: 'listSoldComparables',
    summary: 'Cards of the same player recently sold in the store, with price and date',
    tags: catalog,
    guard: 'public',
    params: ProductParams,
    response: SoldComparablesResponse,
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
