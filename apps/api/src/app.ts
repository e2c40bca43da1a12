import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { installPlainMessages, type FeatureFlag } from '@grail/contract';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerErrorHandling } from './plugins/errors.js';
import {
  apiSecurityHeaders,
  fillStyleNonce,
  publicReadSecurityHeaders,
  securityHeaders,
  styleNonceSource,
  withStyleNonce,
} from './http/security-headers.js';
import { callerRequestId, FrontDoor } from './http/front-door.js';
import { completeOpenApiDocument, securitySchemes } from './http/openapi.js';
import { registerAuth } from './plugins/auth.js';
import {
  PageMetaService,
  pageTemplate,
  readBuildManifest,
  registerCrawlerFiles,
} from './http/page-meta.js';
import { loggerOptions } from './logger.js';
import { createServices, type Services } from './services.js';
import { platformRoutes } from './modules/platform/platform.routes.js';
import { Lifecycle } from './http/lifecycle.js';
import { observeInstance, registerHttpMetrics } from './http/metrics.js';
import { Metrics } from './lib/metrics.js';
import {
  maintenanceRoutes,
  maintenanceWriteGate,
} from './modules/maintenance/maintenance.routes.js';
import { imagesRoutes } from './modules/images/images.routes.js';
import { feedRoutes } from './modules/feed/feed.routes.js';
import { grailRoutes } from './modules/grail/grail.routes.js';
import { dropRoutes } from './modules/drops/drops.routes.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { pullsRoutes } from './modules/grail/pulls.routes.js';
import { shippingRoutes } from './modules/shipping/shipping.routes.js';
import { fulfilmentRoutes } from './modules/fulfilment/fulfilment.routes.js';
import { staffUsersRoutes } from './modules/staff-users/staff-users.routes.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { ga4CspSources } from './modules/analytics/ga4.rules.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { walletRoutes } from './modules/wallet/wallet.routes.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { devMailRoutes } from './modules/mail/mail.routes.js';
import { breaksRoutes } from './modules/breaks/breaks.routes.js';
import { limitsRoutes } from './modules/limits/limits.routes.js';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals.routes.js';
import { vaultRoutes } from './modules/vault/vault.routes.js';
import { marketRoutes } from './modules/market/market.routes.js';
import { submissionsRoutes } from './modules/submissions/submissions.routes.js';
import { outboxRoutes } from './modules/outbox/outbox.routes.js';
import { discordRoutes } from './modules/discord/discord.routes.js';
import { inventoryRoutes } from './modules/inventory/inventory.routes.js';
import { siteRoutes } from './modules/site/site.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Fastify logger option; defaults to pino JSON at the configured level. */
  logger?: FastifyServerOptions['logger'] | FastifyServerOptions['loggerInstance'];
  version?: string;
  /** Where the built SPA lives; defaults to apps/web/dist. */
  webDistDir?: string;
  /**
   * Listening before the start-up work is done (main.ts): API requests other than health and
   * readiness get 503 until `app.lifecycle.ready()`. Test apps are ready at once.
   */
  starting?: boolean;
}

export type App = FastifyInstance & { services: Services };

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

export async function buildApp(deps: AppDeps): Promise<App> {
  // Validation messages in the product's words, the same as the web's forms show.
  installPlainMessages();
  const { config, database } = deps;
  const webDist = deps.webDistDir ?? config.WEB_DIST_DIR ?? defaultWebDist;
  const version = deps.version ?? process.env.npm_package_version ?? '0.1.0';
  const loggerIsInstance = deps.logger && typeof deps.logger === 'object' && 'child' in deps.logger;
  // Visitors' hot reads are answered in front of the router once they are in memory.
  const frontDoor = new FrontDoor();
  const app = Fastify({
    serverFactory: frontDoor.serverFactory,
    ...(loggerIsInstance
      ? { loggerInstance: deps.logger as FastifyServerOptions['loggerInstance'] }
      : {
          logger:
            (deps.logger as FastifyServerOptions['logger']) ?? loggerOptions(config.LOG_LEVEL),
        }),
    genReqId: requestIdOf,
    // A hop count trusts that many proxies nearest to us (proxy-addr's rule for a number).
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Each endpoint's schema judges its path parameters (400 naming the parameter); the router's
    // default cut-off of 100 characters answered 404 or an undocumented 414, by position.
    routerOptions: { maxParamLength: 16 * 1024 },
    return503OnClosing: true,
    // A plugin's time counts from its registration to its ready, so it includes what runs before
    // it (the database's WebAssembly on PGlite): 10 s, the default, failed start-ups on a busy
    // 2-core machine. A plugin that never finishes still stops the start.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // First of the request hooks: it counts what a drain waits for and holds requests while starting.
  const lifecycle = new Lifecycle(deps.starting ? 'starting' : 'ready');
  app.decorate('lifecycle', lifecycle);
  lifecycle.register(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Stage 1: external plugins.
  await app.register(cookie);
  // helmet's headers, built once per distinct policy rather than per request (security-headers.ts):
  // a page's policy for the SPA, a short one for the API's JSON answers.
  const https = Boolean(config.PUBLIC_URL?.startsWith('https:'));
  const apiHeaders = apiSecurityHeaders(https);
  const publicReadHeaders = publicReadSecurityHeaders(https);
  const pageHeadersFor = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Google Analytics only while ADVANCED_ANALYTICS is on with a measurement id (ga4.rules.ts).
        scriptSrc: [
          "'self'",
          ...inlineHashes(join(webDist, 'index.html'), 'script'),
          () => ga4CspSources(config, 'script'),
        ],
        // No 'unsafe-inline': the page's own stylesheet by its hash, and the style elements the
        // headless parts insert by the page's nonce (security-headers.ts).
        styleSrc: [
          "'self'",
          ...inlineHashes(join(webDist, 'index.html'), 'style'),
          styleNonceSource,
        ],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", () => ga4CspSources(config, 'connect')],
        // A break's live stream is embedded by URL from these players only.
        frameSrc: ['https://www.youtube-nocookie.com', 'https://player.twitch.tv'],
        frameAncestors: ["'none'"],
        formAction: ["'self'", 'https://checkout.stripe.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https ? undefined : false,
  });
  app.decorateRequest('styleNonce', '');
  app.addHook('onRequest', async (request, reply) => {
    const { endpoint, publicRead } = request.routeOptions.config;
    if (publicRead || endpoint) {
      void reply.headers(publicRead ? publicReadHeaders : apiHeaders);
      return;
    }
    const page = withStyleNonce(pageHeadersFor(request.raw, reply.raw));
    request.styleNonce = page.nonce;
    void reply.headers(page.headers);
  });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  if (config.API_DOCS) {
    await app.register(swagger, {
      openapi: openApiInfo(version),
      transform: jsonSchemaTransform,
      transformObject: completeOpenApiDocument,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  }

  // Every answer counted and timed by its route's template (served on METRICS_PORT by main.ts).
  const metrics = new Metrics();
  app.decorate('metrics', metrics);
  registerHttpMetrics(app, metrics);

  // Stage 2: application services, shared by the modules.
  const services = createServices({ config, database, log: app.log, metrics });
  observeInstance(metrics, {
    server: app.server,
    database,
    outbox: services.outbox,
    wallet: services.wallet,
  });
  app.decorate('services', services);
  app.decorate('flagOn', (flag: FeatureFlag) => config.flags[flag]);
  registerAuth(app, services.sessions, https);
  app.decorate('writeGate', maintenanceWriteGate(services.maintenance));
  // Each instance delivers the outbox; closing waits for the delivery in hand.
  app.addHook('onReady', async () => services.outboxWorker.start());
  app.addHook('onClose', async () => services.outboxWorker.stop());
  // Each instance works CSV imports with image URLs; closing hands the job in hand back.
  app.addHook('onReady', async () => services.inventoryImportWorker.start());
  app.addHook('onClose', async () => services.inventoryImportWorker.stop());
  // Each instance refreshes today's vault value snapshots (an upsert per collector and day).
  app.addHook('onReady', async () => services.vaultSnapshotWorker.start());
  app.addHook('onClose', async () => services.vaultSnapshotWorker.stop());
  app.addHook('onReady', async () => services.offerExpiryWorker.start());
  app.addHook('onClose', async () => services.offerExpiryWorker.stop());
  app.addHook('onReady', async () => services.notificationMailWorker.start());
  app.addHook('onClose', async () => services.notificationMailWorker.stop());
  app.addHook('onReady', async () => services.reminderWorker.start());
  app.addHook('onClose', async () => services.reminderWorker.stop());
  // Each instance opens waiting rooms and draws their order when due; the queue row's lock
  // makes one of them do each.
  app.addHook('onReady', async () => services.dropsWorker.start());
  app.addHook('onClose', async () => services.dropsWorker.stop());

  // Stage 3: modules (routes only translate HTTP; services hold the rules).
  app.addHook('onClose', async () => services.hotReads.close());
  app.addHook('onClose', async () => services.sessions.close());
  frontDoor.open({
    hot: services.hotReads,
    headers: publicReadHeaders,
    onAnswered: (route, status) => metrics.countAnswer('GET', route, status),
  });
  // Draining, every answer goes through the app, which closes its connection (lifecycle.ts).
  lifecycle.onDrain(() => frontDoor.close());
  app.addHook('preClose', async () => frontDoor.close());
  await app.register(platformRoutes, { config, database, version, hot: services.hotReads });
  await app.register(authRoutes, {
    auth: services.auth,
    twoFactor: services.twoFactor,
    sessions: services.sessions,
    emailChange: services.emailChange,
    publicUrl: config.PUBLIC_URL,
  });
  await app.register(usersRoutes, { users: services.users });
  // The outbox holds reset and verification links: readable only on a developer's machine and in tests.
  if (config.APP_ENV === 'development' || config.APP_ENV === 'test')
    await app.register(devMailRoutes, { mail: services.mail });
  await app.register(maintenanceRoutes, {
    maintenance: services.maintenance,
    hot: services.hotReads,
  });
  await app.register(imagesRoutes, { images: services.images });
  await app.register(feedRoutes, { feed: services.feed });
  await app.register(grailRoutes, {
    grail: services.grail,
    events: services.grailEvents,
    hot: services.hotReads,
    metrics,
  });
  await app.register(dropRoutes, { drops: services.drops, events: services.dropEvents });
  await app.register(adminRoutes, { admin: services.grailAdmin });
  await app.register(pullsRoutes, { pulls: services.pulls });
  await app.register(shippingRoutes, { shipping: services.shipping });
  await app.register(fulfilmentRoutes, { fulfilment: services.fulfilment });
  await app.register(staffUsersRoutes, { staffUsers: services.staffUsers });
  await app.register(analyticsRoutes, { analytics: services.analytics });
  await app.register(catalogRoutes, {
    catalog: services.catalog,
    images: services.images,
    hot: services.hotReads,
  });
  await app.register(walletRoutes, { wallet: services.wallet });
  await app.register(paymentsRoutes, { payments: services.payments });
  await app.register(ordersRoutes, { orders: services.orders });
  await app.register(limitsRoutes, { limits: services.limits });
  await app.register(withdrawalsRoutes, { withdrawals: services.withdrawals });
  await app.register(marketRoutes, {
    listings: services.listings,
    offers: services.offers,
    trades: services.trades,
    marketStaff: services.marketStaff,
  });
  await app.register(vaultRoutes, {
    vault: services.vault,
    vaultStaff: services.vaultStaff,
    shipping: services.shipping,
  });
  // Breaks exist only while their flag is on: otherwise every breaks route is the API's 404.
  await app.register(breaksRoutes, {
    breaks: services.breaks,
    admin: services.breaksAdmin,
    events: services.breakEvents,
    images: services.images,
  });
  await app.register(submissionsRoutes, { submissions: services.submissions });
  await app.register(outboxRoutes, { outbox: services.outbox });
  await app.register(discordRoutes, { discord: services.discord });
  await app.register(inventoryRoutes, { inventory: services.inventory });
  await app.register(siteRoutes, { flags: services.flags, feedPosts: services.feedPosts });
  await app.register(auditRoutes, { audit: services.audit });
  await app.register(notificationsRoutes, {
    notifications: services.notifications,
    counts: services.notificationCounts,
    rateLimits: services.rateLimits,
  });

  const pages = new PageMetaService({
    publicUrl: config.PUBLIC_URL,
    flags: config.flags,
    catalog: services.catalog,
    pulls: services.pulls,
    listings: services.listings,
  });
  registerCrawlerFiles(app, pages);
  await registerSpa(app, webDist, pages);
  return app as unknown as App;
}

/** A caller's own request id when it is a plausible one, else a new one. */
function requestIdOf(request: IncomingMessage): string {
  return callerRequestId(request) ?? randomUUID();
}

/** The OpenAPI document's header: how a caller authenticates and proves a write is its own. */
function openApiInfo(version: string) {
  return {
    info: {
      title: 'Grail Machine API',
      version,
      description:
        'Every error answer is JSON { message, error } with the status. Writes need the x-csrf-token header (the csrfToken of the sign-in or current-user answer) unless the operation lists no csrfToken requirement; money-moving commands need an Idempotency-Key.',
    },
    components: { securitySchemes },
  };
}

/**
 * CSP sources for the page's own inline elements, read from the built index.html: the script that
 * sets the theme before first paint, and the build's stylesheet written into the page (the web
 * build's inlineStyles). Each is allowed by its SHA-256, so no other inline script or style runs.
 */
function inlineHashes(indexHtml: string, element: 'script' | 'style'): string[] {
  if (!existsSync(indexHtml)) return [];
  const html = readFileSync(indexHtml, 'utf8');
  const pattern = new RegExp(`<${element}(?:\\s[^>]*)?>([\\s\\S]*?)</${element}>`, 'g');
  return [...html.matchAll(pattern)]
    .map(([, body]) => body ?? '')
    .filter((body) => body.trim() !== '')
    .map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
}

/**
 * Unknown /api paths get JSON 404; every other GET gets the SPA's index.html with the page's own
 * title and share tags (http/page-meta.ts).
 */
async function registerSpa(
  app: FastifyInstance,
  webDist: string,
  pages: PageMetaService,
): Promise<void> {
  const indexHtml = join(webDist, 'index.html');
  const hasSpa = existsSync(indexHtml);
  const renderPage = hasSpa
    ? pageTemplate(readFileSync(indexHtml, 'utf8'), readBuildManifest(webDist))
    : null;
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: false,
      // The web build writes .br and .gz copies at the highest levels (apps/web/build/precompress.ts).
      preCompressed: true,
      // Served from the catalogue by registerCrawlerFiles, not from the build.
      globIgnore: ['robots.txt', 'sitemap.xml'],
      setHeaders(reply: { header(name: string, value: string): unknown }, path: string) {
        // Hashed build assets never change; index.html always revalidates.
        reply.header(
          'cache-control',
          path.startsWith(join(webDist, 'assets'))
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  const notFoundJson = (method: string, path: string) => ({
    message: `Route ${method} ${path} not found`,
    error: 'Not Found',
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(notFoundJson(request.method, request.url.split('?')[0] ?? '')),
  );
  // A real route (not the not-found handler) so compression and every hook apply to the SPA page.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/'))
      return reply.status(404).send(notFoundJson(request.method, path));
    if (!renderPage) {
      return reply.status(503).send({
        message: 'The front end is not built. Run npm run build.',
        error: 'Service Unavailable',
      });
    }
    const meta = await pages.describe(path);
    return reply
      .status(meta.status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(fillStyleNonce(renderPage(meta), request.styleNonce));
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    lifecycle: Lifecycle;
    metrics: Metrics;
  }
  interface FastifyRequest {
    /** This page answer's CSP nonce for style elements ('' on API answers). */
    styleNonce: string;
  }
}
