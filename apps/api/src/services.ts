import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { FeedService } from './modules/feed/feed.service.js';
import { ImagesService } from './modules/images/images.service.js';
import { MaintenanceService } from './modules/maintenance/maintenance.service.js';
import { SessionsService } from './modules/auth/sessions.service.js';
import { AuthService } from './modules/auth/auth.service.js';
import { RateLimitService } from './modules/auth/rate-limits.service.js';
import { SecretBox } from './modules/auth/totp.js';
import { MailService, mailBox } from './modules/mail/mail.service.js';
import { OutboxService } from './modules/outbox/outbox.service.js';
import { PollingWorker } from './lib/polling-worker.js';
import { DiscordClient } from './modules/discord/discord.client.js';
import { DiscordService } from './modules/discord/discord.service.js';
import { UsersService } from './modules/users/users.service.js';
import { WalletService } from './modules/wallet/wallet.service.js';
import { LimitsService } from './modules/limits/limits.service.js';
import { CatalogService } from './modules/catalog/catalog.service.js';
import { ShippingService } from './modules/shipping/shipping.service.js';
import { PaymentsService } from './modules/payments/payments.service.js';
import { createPaymentProvider } from './modules/payments/payment-providers.js';
import { OrdersService } from './modules/orders/orders.service.js';
import { GrailService } from './modules/grail/grail.service.js';
import { GRAIL_EVENTS_CHANNEL, GrailEvents } from './modules/grail/grail.events.js';
import { HotReads } from './http/hot-reads.js';
import { SeedVault } from './modules/grail/fairness.js';
import { GrailAdminService } from './modules/grail/grail-admin.service.js';
import { PullsService } from './modules/pulls/pulls.service.js';
import { BreaksService } from './modules/breaks/breaks.service.js';
import { BreaksAdminService } from './modules/breaks/breaks-admin.service.js';
import { BreakEvents } from './modules/breaks/breaks.events.js';
import { BreakSeedVault } from './modules/breaks/breaks.fairness.js';
import { AuditService } from './modules/audit/audit.service.js';
import { InventoryService } from './modules/inventory/inventory.service.js';
import { FlagsService } from './modules/site/flags.service.js';
import { FeedPostsService } from './modules/site/feed-posts.service.js';
import { createSubmissionsService } from './modules/submissions/submissions.service.js';
import { FulfilmentService } from './modules/fulfilment/fulfilment.service.js';
import { SubmissionReturns } from './modules/submissions/returns.service.js';
import { StaffUsersService } from './modules/staff-users/staff-users.service.js';
import { AnalyticsService } from './modules/analytics/analytics.service.js';

/** Outbox messages one delivery turn claims. */
const OUTBOX_BATCH = 10;

/** One instance of each service per app; modules receive what they need from here. */
export function createServices({
  config,
  database,
  log,
}: {
  config: Config;
  database: Database;
  log?: FastifyBaseLogger;
}) {
  const { db } = database;
  if (!config.APP_SECRET) throw new Error('APP_SECRET must be resolved before building the app');
  const wallet = new WalletService(db);
  const limits = new LimitsService(db);
  const seedVault = new SeedVault(config.APP_SECRET);
  const sessions = new SessionsService(db, config.APP_SECRET, database);
  const outbox = new OutboxService(db, {
    maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
    leaseMs: config.OUTBOX_LEASE_SECONDS * 1000,
    log,
    audit: new AuditService(db),
  });
  const mail = new MailService(db, {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    appEnv: config.APP_ENV,
    log,
    outbox,
    box: mailBox(config.APP_SECRET),
  });
  const rateLimits = new RateLimitService(db, config.RATE_LIMIT_SCALE);
  const users = new UsersService(db, sessions, rateLimits, {
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
  });
  const buyback = { percent: config.BUYBACK_PERCENT, windowHours: config.BUYBACK_WINDOW_HOURS };
  const shipping = new ShippingService(db, {
    mail,
    publicUrl: config.PUBLIC_URL,
    log,
    audit: new AuditService(db),
  });
  // Pulls above the threshold are announced on Discord while the flag is on and a webhook is set;
  // read at each purchase, since staff may switch the flag at run time (config.flags follows it).
  const announceAboveCents = () =>
    config.flags.DISCORD_INTEGRATION && config.DISCORD_WEBHOOK_URL
      ? Math.round(config.DISCORD_GRAIL_THRESHOLD * 100)
      : null;
  const grail = new GrailService(
    db,
    wallet,
    seedVault,
    buyback,
    limits,
    announceAboveCents,
    (onNotice) => database.listen(GRAIL_EVENTS_CHANNEL, onNotice),
  );
  const discord = new DiscordService(
    db,
    new DiscordClient({
      baseUrl: config.DISCORD_API_BASE_URL,
      clientId: config.DISCORD_CLIENT_ID,
      clientSecret: config.DISCORD_CLIENT_SECRET,
      botToken: config.DISCORD_BOT_TOKEN,
    }),
    {
      publicUrl: config.PUBLIC_URL,
      appSecret: config.APP_SECRET,
      guildId: config.DISCORD_GUILD_ID,
      collectorRoleId: config.DISCORD_COLLECTOR_ROLE_ID,
      webhookUrl: config.DISCORD_WEBHOOK_URL,
      log,
    },
  );
  discord.deliverAnnouncements(outbox);
  const breakVault = new BreakSeedVault(config.APP_SECRET);
  const breaks = new BreaksService(db, { wallet, shipping, vault: breakVault, limits, log });
  const services = {
    feed: new FeedService(db, {
      username: config.X_USERNAME,
      bearerToken: config.X_BEARER_TOKEN,
      baseUrl: config.X_API_BASE_URL,
    }),
    images: new ImagesService(db),
    maintenance: new MaintenanceService(db),
    sessions,
    mail,
    outbox,
    // Delivers what is due in batches of ten, at once again while a batch comes back full.
    outboxWorker: new PollingWorker(
      'outbox',
      async () => (await outbox.deliverDue(OUTBOX_BATCH)) === OUTBOX_BATCH,
      { log },
    ),
    discord,
    rateLimits,
    auth: new AuthService(db, sessions, mail, rateLimits, new SecretBox(config.APP_SECRET), {
      publicUrl: config.PUBLIC_URL,
      log,
      onEmailVerified: (user, keepSessionId) => users.onEmailVerified(user, keepSessionId),
    }),
    users,
    wallet,
    limits,
    catalog: new CatalogService(db),
    shipping,
    payments: new PaymentsService(db, wallet, createPaymentProvider(config), {
      publicUrl: config.PUBLIC_URL,
      limits: rateLimits,
      playLimits: limits,
      log,
    }),
    orders: new OrdersService(db, wallet, shipping, mail, limits),
    grail,
    grailEvents: new GrailEvents(database, async (id) => (await grail.recentPulls(1, id))[0]),
    hotReads: new HotReads(database, config.HOT_READS_TTL_MS),
    grailAdmin: new GrailAdminService(db, seedVault),
    pulls: new PullsService(db, wallet, shipping, buyback, limits),
    breaks,
    breaksAdmin: new BreaksAdminService(db, {
      breaks,
      vault: breakVault,
      audit: new AuditService(db),
    }),
    breakEvents: new BreakEvents(database, breaks.live),
    audit: new AuditService(db),
    fulfilment: new FulfilmentService(db, {
      shipping,
      returns: new SubmissionReturns(db, {
        mail,
        audit: new AuditService(db),
        publicUrl: config.PUBLIC_URL,
      }),
      log,
    }),
    staffUsers: new StaffUsersService(db, { wallet, sessions, audit: new AuditService(db) }),
    analytics: new AnalyticsService(db),
    inventory: new InventoryService(db, new AuditService(db), new ImagesService(db)),
    flags: new FlagsService(database, config.flags, new AuditService(db), log),
  };
  const staffServices = {
    feedPosts: new FeedPostsService(db, services.feed, new AuditService(db)),
    inventoryImportWorker: new PollingWorker(
      'inventory import',
      (isStopping) => services.inventory.jobs.workDue(isStopping),
      { log },
    ),
  };
  return {
    ...services,
    ...staffServices,
    submissions: createSubmissionsService(
      db,
      config,
      { ...services, secondFactor: services.auth },
      log,
    ),
  };
}
export type Services = ReturnType<typeof createServices>;
