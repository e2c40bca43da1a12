import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  catalogEndpoints,
  endpointUrl,
  grailEndpoints,
  PRODUCT_IMAGE_SIZES,
  RECENT_PULLS_LIMIT,
  type FeatureFlags,
  type ImageSize,
} from '@grail/contract';
import type { CatalogService } from '../modules/catalog/catalog.service.js';
import type { ListingsService } from '../modules/market/listings.service.js';
import { IMAGE_VARIANT_WIDTHS } from '../modules/images/images.service.js';
import type { PullsService } from '../modules/grail/pulls.service.js';
import { AppError } from '../errors.js';

/**
 * What a shared link shows before any script runs: Discord, X and search engines read the HTML
 * the server sends, not the page React draws. The SPA's index.html gets each page's title,
 * description, canonical URL and Open Graph / X card tags; a product or pull that does not exist
 * still gets the SPA (which draws its own not-found page) but with status 404.
 *
 * A page whose first screen is known here also gets preloads for it: its code, its first read and
 * its largest picture download alongside the app's own code instead of one after the other.
 */

const SITE_NAME = 'Grail Machine';
const DEFAULT_TITLE = `${SITE_NAME} · Sports cards and collectibles`;
const DEFAULT_DESCRIPTION =
  'The Grail Machine: buy a pack, instantly pull a graded or raw sports card from a curated case, shipped within 48 hours.';
/** A first screen whose reads depend on the visitor (filters, session): only its code is preloaded. */
function codeOnly(chunk: string): FirstScreen {
  return { chunk, reads: [], image: null };
}

/** Public pages and their titles; anything else gets the site's title (and robots.txt keeps crawlers out of the private ones). */
const STATIC_PAGES: Record<
  string,
  { title: string; description?: string; firstScreen?: FirstScreen }
> = {
  '/': { title: DEFAULT_TITLE },
  '/grail-machine': {
    title: `The Grail Machine · ${SITE_NAME}`,
    description:
      'Buy a pack and pull one graded card from the live case: see every card left, the odds per tier, the expected value and the floor.',
    // The live case's name and description are the page's largest paint.
    firstScreen: {
      chunk: 'GrailMachinePage',
      reads: [
        endpointUrl(grailEndpoints.activeCase),
        endpointUrl(grailEndpoints.recentPulls, undefined, { limit: RECENT_PULLS_LIMIT }),
      ],
      image: null,
    },
  },
  '/grail-machine/fairness': {
    title: `Provably fair · ${SITE_NAME}`,
    description:
      'Every pull is recomputable: the committed contents and server seed hash, every pull with its proof, verified in your browser.',
    firstScreen: { chunk: 'FairnessPage', reads: [endpointUrl(grailEndpoints.cases)], image: null },
  },
  '/store': {
    title: `Store · ${SITE_NAME}`,
    description: 'Graded and raw sports cards at a fixed price, each with its fair market value.',
    firstScreen: codeOnly('StorePage'),
  },
  '/market': {
    title: `Marketplace · ${SITE_NAME}`,
    description:
      'Graded cards collectors sell to each other from their vaults: one seller fee, no buyer’s premium, settled at once.',
    firstScreen: codeOnly('MarketPage'),
  },
  '/sell-cards': {
    title: `Sell your cards · ${SITE_NAME}`,
    description: 'Get an offer for your graded cards and get paid to your wallet.',
    firstScreen: codeOnly('SellCardsPage'),
  },
  '/breaks': {
    title: `Group breaks · ${SITE_NAME}`,
    description: 'Buy a spot in a live group break and keep the hits from your team.',
    firstScreen: codeOnly('BreaksPage'),
  },
  // The sign-in and sign-up forms' code imports more code: without these preloads it arrives in
  // three round trips after the HTML instead of one.
  '/login': { title: `Sign in · ${SITE_NAME}`, firstScreen: codeOnly('LoginPage') },
  '/register': {
    title: `Create your account · ${SITE_NAME}`,
    firstScreen: codeOnly('RegisterPage'),
  },
};

export interface PageMeta {
  status: 200 | 404;
  title: string;
  description: string;
  /** Absolute URL of the page without its query. */
  url: string;
  /** Absolute URL of the card image, or null for the site's icon. */
  image: string | null;
  imageAlt: string;
  type: 'website' | 'product' | 'article';
  /** Extra Open Graph properties (a product's price). */
  extra: [string, string][];
  /** What the page's first screen needs, preloaded by the HTML; null for the other pages. */
  firstScreen: FirstScreen | null;
}

export interface FirstScreen {
  /** The page's code: its chunk's name in the web build's manifest, its file's name. */
  chunk: string;
  /** The API reads it starts with. */
  reads: string[];
  /** The stored image that is its largest paint (a product's front picture), or null. */
  image: string | null;
}

/** The product page's chunk in the web build (apps/web/src/features/store/pages/ProductPage.tsx). */
export const PRODUCT_PAGE_CHUNK = 'ProductPage';

/** Text made safe for an HTML attribute or element: nothing a card name holds can close a tag. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"'`]/g,
    (ch) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' })[ch]!,
  );

/** Dollars as a collector reads them: $1,250.00. */
const formatDollars = (dollars: number) =>
  `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CACHE_MS = 30_000;
const CACHE_MAX = 1000;

/** A short-lived memo per path, so a link pasted in a busy channel costs one read per 30 s. */
class BriefCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();
  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < CACHE_MS) return hit.value;
    if (this.entries.size >= CACHE_MAX) this.entries.clear();
    const value = load();
    this.entries.set(key, { at: now, value });
    value.catch(() => this.entries.delete(key));
    return value;
  }
}

const isNotFound = (error: unknown) => error instanceof AppError && error.statusCode === 404;

export class PageMetaService {
  private readonly cache = new BriefCache<PageMeta>();

  constructor(
    private readonly deps: {
      publicUrl: string;
      flags: FeatureFlags;
      catalog: CatalogService;
      pulls: PullsService;
      listings: ListingsService;
    },
  ) {}

  private absolute(path: string) {
    return `${this.deps.publicUrl}${path}`;
  }

  private page(path: string, fields: Partial<PageMeta> & { title: string }): PageMeta {
    return {
      status: 200,
      description: DEFAULT_DESCRIPTION,
      url: this.absolute(path),
      image: null,
      imageAlt: SITE_NAME,
      type: 'website',
      extra: [],
      firstScreen: null,
      ...fields,
    };
  }

  private notFound(path: string, what: string): PageMeta {
    return this.page(path, {
      status: 404,
      title: `${what} not found · ${SITE_NAME}`,
    });
  }

  /** The tags for one path of the SPA (its query is ignored); a failed read falls back to the site's. */
  describe(path: string): Promise<PageMeta> {
    return this.lookUp(path).catch(() => this.page(path, { title: DEFAULT_TITLE }));
  }

  private lookUp(path: string): Promise<PageMeta> {
    const product = /^\/product\/([^/]+)\/?$/.exec(path);
    if (product) return this.cache.get(path, () => this.product(path, product[1]!));
    const listing = /^\/market\/([^/]+)\/?$/.exec(path);
    if (listing) return this.cache.get(path, () => this.listing(path, listing[1]!));
    const pull = /^\/pulls\/([^/]+)\/?$/.exec(path);
    if (pull) return this.cache.get(path, () => this.pull(path, pull[1]!));
    const known = STATIC_PAGES[path.length > 1 ? path.replace(/\/+$/, '') : path];
    if (known && !(path.startsWith('/breaks') && !this.deps.flags.BREAKS_ENABLED)) {
      return Promise.resolve(this.page(path, known));
    }
    return Promise.resolve(this.page(path, { title: DEFAULT_TITLE }));
  }

  private async product(path: string, rawId: string): Promise<PageMeta> {
    const id = decodeURIComponent(rawId);
    if (!UUID.test(id)) return this.notFound(path, 'Card');
    try {
      const card = await this.deps.catalog.product(id);
      const price = card.storePrice === null ? null : formatDollars(card.storePrice);
      const facts = [
        card.gradeLabel,
        price ? `${price}` : null,
        `FMV ${formatDollars(card.fmv)}`,
        card.certNumber ? `cert ${card.certNumber}` : null,
      ].filter(Boolean);
      return this.page(path, {
        title: `${card.name} · ${card.gradeLabel}${price ? ` · ${price}` : ''} · ${SITE_NAME}`,
        description: `${card.name}: ${facts.join(', ')}. ${card.conditionNote ?? 'Shipped within 48 hours.'}`,
        image: card.imageUrl ? this.absolute(card.imageUrl) : null,
        imageAlt: `${card.name} (${card.gradeLabel})`,
        type: 'product',
        firstScreen: {
          chunk: PRODUCT_PAGE_CHUNK,
          reads: [endpointUrl(catalogEndpoints.product, { id })],
          image: card.imageUrl || null,
        },
        extra: price
          ? [
              ['product:price:amount', card.storePrice!.toFixed(2)],
              ['product:price:currency', 'USD'],
            ]
          : [],
      });
    } catch (error) {
      if (isNotFound(error)) return this.notFound(path, 'Card');
      throw error;
    }
  }

  /** A marketplace listing: the card, its grade, the price and seller, and what it is worth. */
  private async listing(path: string, rawId: string): Promise<PageMeta> {
    const id = decodeURIComponent(rawId);
    if (!UUID.test(id)) return this.notFound(path, 'Listing');
    try {
      const { listing } = await this.deps.listings.detail(id);
      const { card } = listing;
      const price = formatDollars(listing.price);
      const state =
        listing.status === 'sold'
          ? 'Sold'
          : listing.status === 'cancelled'
            ? 'No longer for sale'
            : `For sale at ${price}`;
      const facts = [
        card.grade,
        `FMV ${formatDollars(card.fmv)}`,
        card.certNumber ? `cert ${card.certNumber}` : null,
        `sold by @${listing.seller}`,
      ].filter(Boolean);
      return this.page(path, {
        title: `${card.name} · ${card.grade} · ${listing.status === 'open' ? price : state} · ${SITE_NAME} Marketplace`,
        description: `${state}: ${card.name}, ${facts.join(', ')}. Settled at once, no buyer’s premium.`,
        image: card.imageUrl ? this.absolute(card.imageUrl) : null,
        imageAlt: `${card.name} (${card.grade})`,
        type: 'product',
        extra:
          listing.status === 'open'
            ? [
                ['product:price:amount', listing.price.toFixed(2)],
                ['product:price:currency', 'USD'],
              ]
            : [],
      });
    } catch (error) {
      if (isNotFound(error)) return this.notFound(path, 'Listing');
      throw error;
    }
  }

  private async pull(path: string, rawId: string): Promise<PageMeta> {
    const id = decodeURIComponent(rawId);
    if (!UUID.test(id)) return this.notFound(path, 'Pull');
    try {
      const pull = await this.deps.pulls.getPublic(id);
      const { card } = pull;
      return this.page(path, {
        title: `${pull.pulledBy} pulled ${card.name} (${card.grade}) · ${SITE_NAME}`,
        description: `FMV ${formatDollars(card.fmv)} from a ${formatDollars(pull.packPrice)} pack of ${pull.caseName}, pull #${pull.k} of ${pull.totalItems}. Provably fair: verify it yourself.`,
        image: card.imageUrl ? this.absolute(card.imageUrl) : null,
        imageAlt: `${card.name} (${card.grade})`,
        type: 'article',
      });
    } catch (error) {
      if (isNotFound(error)) return this.notFound(path, 'Pull');
      throw error;
    }
  }

  /** Every public page a search engine should know: the store's cards and the site's sections. */
  async sitemap(): Promise<string> {
    const pages = ['/', '/grail-machine', '/grail-machine/fairness', '/store', '/sell-cards'];
    if (this.deps.flags.BREAKS_ENABLED) pages.push('/breaks');
    const products = await this.deps.catalog.storeProductIds();
    const urls = [
      ...pages.map((p) => `<url><loc>${escapeHtml(this.absolute(p))}</loc></url>`),
      ...products.map(
        (p) =>
          `<url><loc>${escapeHtml(this.absolute(`/product/${p.id}`))}</loc><lastmod>${p.updatedAt.toISOString()}</lastmod></url>`,
      ),
    ];
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  }

  robots(): string {
    return [
      'User-agent: *',
      'Disallow: /admin',
      'Disallow: /dashboard',
      'Disallow: /api/',
      'Allow: /',
      `Sitemap: ${this.absolute('/sitemap.xml')}`,
      '',
    ].join('\n');
  }
}

/** What Vite's build manifest (`.vite/manifest.json`) says of each chunk. */
export type BuildManifest = Record<
  string,
  {
    file: string;
    name?: string;
    imports?: string[];
    css?: string[];
    isEntry?: boolean;
    isDynamicEntry?: boolean;
  }
>;

/** The web build's manifest; empty without one (the tests' bare index.html). */
export function readBuildManifest(webDist: string): BuildManifest {
  const file = join(webDist, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuildManifest) : {};
}

/**
 * A page's chunk and every chunk it imports, but not the entry's, which index.html loads: their
 * code, and the stylesheets that come with them. A page is found by its name: the manifest keys a
 * chunk by its source file only while no other chunk imports from it.
 */
function pageChunks(manifest: BuildManifest, name: string): { code: string[]; styles: string[] } {
  const page = Object.keys(manifest).find(
    (key) => manifest[key]!.isDynamicEntry && manifest[key]!.name === name,
  );
  const code = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || code.has(chunk.file)) return;
    code.add(chunk.file);
    chunk.imports?.forEach(visit);
    chunk.css?.forEach((file) => styles.add(file));
  };
  if (page) visit(page);
  return { code: [...code], styles: [...styles] };
}

/** The built index.html without its own title and description, ready to take a page's tags. */
export function pageTemplate(
  indexHtml: string,
  manifest: BuildManifest = {},
): (meta: PageMeta) => string {
  const stripped = indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/i, '');
  const at = stripped.search(/<\/head>/i);
  const before = at === -1 ? stripped : stripped.slice(0, at);
  const after = at === -1 ? '' : stripped.slice(at);
  return (meta) =>
    `${before}${metaTags(meta)}${meta.firstScreen ? firstScreenPreloads(meta.firstScreen, manifest) : ''}${after}`;
}

/**
 * The first screen's downloads, each taken over by the app when it asks: its code (as the entry's
 * own module script asks for it), its styles (as Vite's loader links them, anonymously, without
 * holding the first paint), its reads (as the API client calls, with credentials) and its picture (the same
 * variants and `sizes` as its `<img>`, so the browser picks the same file).
 */
function firstScreenPreloads(screen: FirstScreen, manifest: BuildManifest): string {
  const { code, styles } = pageChunks(manifest, screen.chunk);
  const links = [
    ...code.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`),
    ...styles.map(
      (file) => `<link rel="preload" as="style" crossorigin href="/${escapeHtml(file)}" />`,
    ),
    ...screen.reads.map(
      (url) =>
        `<link rel="preload" href="${escapeHtml(url)}" as="fetch" crossorigin="use-credentials" />`,
    ),
  ];
  if (screen.image) {
    const path = screen.image;
    const variants = Object.entries(IMAGE_VARIANT_WIDTHS) as [ImageSize, number][];
    const srcset = variants.map(([size, width]) => `${path}?size=${size} ${width}w`).join(', ');
    links.push(
      `<link rel="preload" as="image" href="${escapeHtml(`${path}?size=md`)}" imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(PRODUCT_IMAGE_SIZES)}" fetchpriority="high" />`,
    );
  }
  return `  ${links.join('\n    ')}\n  `;
}

function metaTags(meta: PageMeta): string {
  const image = meta.image ?? null;
  const property = (name: string, value: string) =>
    `<meta property="${name}" content="${escapeHtml(value)}" />`;
  const named = (name: string, value: string) =>
    `<meta name="${name}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    named('description', meta.description),
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    property('og:site_name', SITE_NAME),
    property('og:type', meta.type),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', meta.url),
    ...(image ? [property('og:image', image), property('og:image:alt', meta.imageAlt)] : []),
    ...meta.extra.map(([name, value]) => property(name, value)),
    named('twitter:card', image ? 'summary_large_image' : 'summary'),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
    ...(image ? [named('twitter:image', image), named('twitter:image:alt', meta.imageAlt)] : []),
  ];
  return `    ${tags.join('\n    ')}\n  `;
}

/** GET /sitemap.xml and /robots.txt, built from the catalogue and the site's public URL. */
export function registerCrawlerFiles(app: FastifyInstance, pages: PageMetaService): void {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await pages.sitemap()),
  );
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(pages.robots()),
  );
}
