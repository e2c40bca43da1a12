import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestApp, testEngine, type TestApp } from '../../test/helpers.js';
import { createUser } from '../../test/users.js';
import { insertCard } from '../../test/fixtures/catalog.js';
import { createLiveCase } from '../../test/fixtures/grail.js';
import { fund } from '../../test/fixtures/wallet.js';
import { PRODUCT_IMAGE_SIZES, RECENT_PULLS_LIMIT } from '@grail/contract';
import { escapeHtml, PRODUCT_PAGE_CHUNK, type BuildManifest } from './page-meta.js';

const PUBLIC_URL = 'https://cards.example.com';
const HOSTILE_NAME = `1986 Fleer "Jordan" </title><script>alert('x')</script> & Co`;

/**
 * A build's manifest as Vite writes it: the product page is keyed by its file, not its source,
 * because its lazily loaded sections import from its chunk.
 */
const MANIFEST: BuildManifest = {
  'index.html': { file: 'assets/index-e1.js', name: 'index', isEntry: true },
  '_ProductPage-p1.js': {
    file: 'assets/ProductPage-p1.js',
    name: 'ProductPage',
    isDynamicEntry: true,
    imports: ['index.html', '_CardImage-c1.js'],
  },
  '_CardImage-c1.js': {
    file: 'assets/CardImage-c1.js',
    name: 'CardImage',
    imports: ['index.html'],
  },
  'src/features/grail-machine/pages/GrailMachinePage.tsx': {
    file: 'assets/GrailMachinePage-g1.js',
    name: 'GrailMachinePage',
    isDynamicEntry: true,
    imports: ['index.html', '_CardImage-c1.js'],
  },
  'src/features/grail-machine/pages/FairnessPage.tsx': {
    file: 'assets/FairnessPage-f1.js',
    name: 'FairnessPage',
    isDynamicEntry: true,
    imports: ['index.html'],
  },
  'src/features/store/pages/StorePage.tsx': {
    file: 'assets/StorePage-s1.js',
    name: 'StorePage',
    isDynamicEntry: true,
    imports: ['index.html', '_CardImage-c1.js'],
  },
  'src/features/auth/pages/LoginPage.tsx': {
    file: 'assets/LoginPage-l1.js',
    name: 'LoginPage',
    isDynamicEntry: true,
    imports: ['index.html', '_AuthCard-a1.js'],
    css: ['assets/LoginPage-l2.css'],
  },
  '_AuthCard-a1.js': {
    file: 'assets/AuthCard-a1.js',
    name: 'AuthCard',
    imports: ['index.html', '_lock-k1.js'],
    css: ['assets/AuthCard-a2.css'],
  },
  '_lock-k1.js': { file: 'assets/lock-k1.js', name: 'lock', imports: ['index.html'] },
};

/** The web app's own index.html, as the build ships it (the server only adds tags to its head). */
function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'page-meta-'));
  copyFileSync(
    fileURLToPath(new URL('../../../web/index.html', import.meta.url)),
    join(dir, 'index.html'),
  );
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  return dir;
}

const metaContent = (html: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1];

describe(`server-rendered page tags, sitemap and robots (${testEngine})`, () => {
  let t: TestApp;
  let productId: string;
  let unlistedId: string;
  let pullId: string;
  let listingId: string;

  beforeAll(async () => {
    t = await createTestApp({ webDistDir: webDist(), env: { PUBLIC_URL } });
    const card = await insertCard(t.database.db, {
      name: HOSTILE_NAME,
      imageIds: ['0123456789abcdef0123456789abcdef'],
      storePriceCents: 125_000,
      fmvCents: 110_000,
    });
    productId = card.id;
    unlistedId = (await insertCard(t.database.db, { storePriceCents: null })).id;
    const { caseId } = await createLiveCase(t.database, t.app.services.grailAdmin, { size: 4 });
    const owner = await createUser(t);
    await fund(t.database, owner.id, 10_000);
    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/grail-cases/${caseId}/packs`,
      headers: { ...owner.headers, 'idempotency-key': `page-meta-${Date.now()}` },
      payload: {},
    });
    expect(bought.statusCode).toBe(201);
    pullId = bought.json().pull._id;

    // A store card bought into a collector's vault, then listed on the marketplace.
    const listed = await insertCard(t.database.db, {
      name: `Listed ${HOSTILE_NAME}`,
      imageIds: ['fedcba9876543210fedcba9876543210'],
      storePriceCents: 20_000,
      fmvCents: 30_000,
      certNumber: '77001234',
    });
    await fund(t.database, owner.id, 30_000);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...owner.headers, 'idempotency-key': `page-meta-order-${Date.now()}` },
      payload: { items: [listed.id], delivery: 'vault' },
    });
    expect(order.statusCode, order.body).toBe(201);
    const vault = await t.app.inject({ url: '/api/vault', headers: owner.headers });
    const holding = (
      vault.json() as { holdings: { _id: string; card: { _id: string } }[] }
    ).holdings.find((h) => h.card._id === listed.id);
    const listing = await t.app.inject({
      method: 'POST',
      url: '/api/market/listings',
      headers: owner.headers,
      payload: { holdingId: holding!._id, price: 245.5 },
    });
    expect(listing.statusCode, listing.body).toBe(201);
    listingId = listing.json()._id;
  });
  afterAll(() => t?.close());

  it("puts a product's title, description, canonical URL and share tags in the HTML, escaped", async () => {
    const res = await t.app.inject({ url: `/product/${productId}?sport=Baseball` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    // The name's markup is text: no tag it holds opens or closes anything.
    expect(html).not.toContain("<script>alert('x')</script>");
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    const escapedName = escapeHtml(HOSTILE_NAME);
    expect(html).toContain(`<title>${escapedName} · PSA 10 · $1,250.00 · Grail Machine</title>`);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/product/${productId}" />`);
    expect(metaContent(html, 'property', 'og:type')).toBe('product');
    expect(metaContent(html, 'property', 'og:title')).toContain(escapedName);
    expect(metaContent(html, 'property', 'og:url')).toBe(`${PUBLIC_URL}/product/${productId}`);
    expect(metaContent(html, 'property', 'og:image')).toBe(
      `${PUBLIC_URL}/api/images/0123456789abcdef0123456789abcdef`,
    );
    expect(metaContent(html, 'property', 'product:price:amount')).toBe('1250.00');
    expect(metaContent(html, 'name', 'description')).toContain('FMV $1,100.00');
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'name', 'twitter:image')).toBe(
      metaContent(html, 'property', 'og:image'),
    );
    // The page's code, its card and its front picture (the largest paint) download with the
    // app's code: its chunks but not the entry's, the API client's request, and the variants and
    // sizes of the page's own image, so the browser uses what it preloaded.
    const preloads = (html.match(/<link rel="(modulepreload|preload)"[^>]*>/g) ?? []).filter(
      (link) => !link.includes('/api/maintenance/status'),
    );
    const picture = '/api/images/0123456789abcdef0123456789abcdef';
    expect(preloads).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/ProductPage-p1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/CardImage-c1.js" />',
      `<link rel="preload" href="/api/products/${productId}" as="fetch" crossorigin="use-credentials" />`,
      `<link rel="preload" as="image" href="${picture}?size=md" imagesrcset="${picture}?size=sm 320w, ${picture}?size=md 640w, ${picture}?size=lg 1280w" imagesizes="${PRODUCT_IMAGE_SIZES}" fetchpriority="high" />`,
    ]);
    // The web build names the page's chunk after its file.
    expect(
      existsSync(
        new URL(`../../../web/src/features/store/pages/${PRODUCT_PAGE_CHUNK}.tsx`, import.meta.url),
      ),
    ).toBe(true);
    // The rest of the page is the SPA as built: its root and its theme script.
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('root.classList.add(theme);');
  });

  it("shares a marketplace listing with its card's picture, grade, price, FMV and seller, escaped", async () => {
    const api = (await t.app.inject({ url: `/api/market/listings/${listingId}` })).json().listing;
    const res = await t.app.inject({ url: `/market/${listingId}?from=x` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).not.toContain("<script>alert('x')</script>");
    expect(html.match(/<title>/g)).toHaveLength(1);
    const name = escapeHtml(api.card.name);
    const title = `${name} · ${escapeHtml(api.card.grade)} · $245.50 · Grail Machine Marketplace`;
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/market/${listingId}" />`);
    expect(metaContent(html, 'property', 'og:type')).toBe('product');
    expect(metaContent(html, 'property', 'og:title')).toBe(title);
    expect(metaContent(html, 'property', 'og:url')).toBe(`${PUBLIC_URL}/market/${listingId}`);
    expect(metaContent(html, 'property', 'og:image')).toBe(
      `${PUBLIC_URL}/api/images/fedcba9876543210fedcba9876543210`,
    );
    expect(metaContent(html, 'property', 'product:price:amount')).toBe('245.50');
    const description = metaContent(html, 'name', 'description');
    expect(description).toContain('For sale at $245.50');
    expect(description).toContain('FMV $300.00');
    expect(description).toContain('cert 77001234');
    expect(description).toContain(`sold by @${escapeHtml(api.seller)}`);
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'name', 'twitter:title')).toBe(title);
    expect(metaContent(html, 'name', 'twitter:image')).toBe(
      metaContent(html, 'property', 'og:image'),
    );
    // The marketplace's own page has its title too.
    const market = await t.app.inject({ url: '/market?sport=Baseball' });
    expect(market.body).toContain('<title>Marketplace · Grail Machine</title>');
    expect(market.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/market" />`);
  });

  it('still serves the SPA for an unknown or malformed listing, with status 404', async () => {
    for (const url of ['/market/00000000-0000-4000-8000-000000000000', '/market/%3Cscript%3E']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<title>Listing not found · Grail Machine</title>');
      expect(res.body.match(/<script/g)).toHaveLength(2);
    }
  });

  it('still serves the SPA for an unknown or malformed product, with status 404', async () => {
    for (const url of [
      '/product/00000000-0000-4000-8000-000000000000',
      '/product/%3Cscript%3E',
      '/pulls/00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toMatch(/<title>(Card|Pull) not found · Grail Machine<\/title>/);
      expect(res.body).not.toMatch(/modulepreload|rel="preload" as="image"|\/api\/products\//);
      // Only the page's own two scripts (theme, app): the path never becomes markup.
      expect(res.body.match(/<script/g)).toHaveLength(2);
    }
  });

  it("shares a pull with the card's image, grade and the collector's chosen name", async () => {
    const api = (await t.app.inject({ url: `/api/pulls/${pullId}/public` })).json().pull;
    const res = await t.app.inject({ url: `/pulls/${pullId}` });
    expect(res.statusCode).toBe(200);
    const title = metaContent(res.body, 'property', 'og:title');
    expect(title).toBe(
      escapeHtml(`${api.pulledBy} pulled ${api.card.name} (${api.card.grade}) · Grail Machine`),
    );
    expect(metaContent(res.body, 'property', 'og:url')).toBe(`${PUBLIC_URL}/pulls/${pullId}`);
    expect(metaContent(res.body, 'property', 'og:description')).toContain(
      `pull #1 of ${api.totalItems}`,
    );
    expect(metaContent(res.body, 'name', 'twitter:title')).toBe(title);
  });

  it('gives other public pages their own title and every page a canonical URL without its query', async () => {
    const store = await t.app.inject({ url: '/store?sport=Baseball&page=2' });
    expect(store.statusCode).toBe(200);
    expect(store.body).toContain('<title>Store · Grail Machine</title>');
    expect(store.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/store" />`);
    const fair = await t.app.inject({ url: '/grail-machine/fairness' });
    expect(fair.body).toContain('<title>Provably fair · Grail Machine</title>');
    expect(metaContent(fair.body, 'name', 'twitter:card')).toBe('summary');
  });

  it("starts public pages' code, and the Grail Machine's first reads, with the app's code", async () => {
    const preloads = async (url: string) =>
      (
        (await t.app.inject({ url })).body.match(/<link rel="(modulepreload|preload)"[^>]*>/g) ?? []
      ).filter((link) => !link.includes('/api/maintenance/status'));
    expect(await preloads('/grail-machine')).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/GrailMachinePage-g1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/CardImage-c1.js" />',
      '<link rel="preload" href="/api/grail-cases/active" as="fetch" crossorigin="use-credentials" />',
      `<link rel="preload" href="/api/grail-cases/recent-pulls?limit=${RECENT_PULLS_LIMIT}" as="fetch" crossorigin="use-credentials" />`,
    ]);
    expect(await preloads('/grail-machine/fairness?case=x')).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/FairnessPage-f1.js" />',
      '<link rel="preload" href="/api/grail-cases" as="fetch" crossorigin="use-credentials" />',
    ]);
    // Pages whose first read depends on the visitor preload their code, every level of it, and
    // the stylesheets that come with it (an import's before its importer's, as they cascade).
    expect(await preloads('/login?next=%2Fdashboard')).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/LoginPage-l1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/AuthCard-a1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/lock-k1.js" />',
      '<link rel="preload" as="style" crossorigin href="/assets/AuthCard-a2.css" />',
      '<link rel="preload" as="style" crossorigin href="/assets/LoginPage-l2.css" />',
    ]);
    expect(await preloads('/store')).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/StorePage-s1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/CardImage-c1.js" />',
    ]);
    const login = (await t.app.inject({ url: '/login' })).body;
    expect(login).toContain('<title>Sign in · Grail Machine</title>');
    // The web build names each page's chunk after its file.
    for (const page of [
      'grail-machine/pages/GrailMachinePage',
      'grail-machine/pages/FairnessPage',
      'store/pages/StorePage',
      'market/pages/MarketPage',
      'sell/pages/SellCardsPage',
      'breaks/pages/BreaksPage',
      'auth/pages/LoginPage',
      'auth/pages/RegisterPage',
    ])
      expect(
        existsSync(new URL(`../../../web/src/features/${page}.tsx`, import.meta.url)),
        page,
      ).toBe(true);
  });

  it('lists the store cards and public sections in sitemap.xml, not unlisted cards', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(res.body).toContain(`<loc>${PUBLIC_URL}/product/${productId}</loc>`);
    expect(res.body).toContain(`<loc>${PUBLIC_URL}/grail-machine</loc>`);
    expect(res.body).toContain(`<loc>${PUBLIC_URL}/grail-machine/fairness</loc>`);
    expect(res.body).toContain(`<loc>${PUBLIC_URL}/store</loc>`);
    expect(res.body).toContain(`<loc>${PUBLIC_URL}/sell-cards</loc>`);
    expect(res.body).not.toContain(unlistedId);
    // Breaks are off in tests unless their flag is set.
    expect(res.body).not.toContain('/breaks');
  });

  it('keeps crawlers out of the private pages and names the sitemap in robots.txt', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    for (const line of ['Disallow: /admin', 'Disallow: /dashboard', 'Disallow: /api/']) {
      expect(res.body).toContain(line);
    }
    expect(res.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});
