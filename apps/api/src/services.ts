import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { FeedService } from './modules/feed/feed.service.js';
import { ImagesService } from './modules/images/images.service.js';
import { MaintenanceService } from './modules/maintenance/maintenance.service.js';
import { SessionsService } from './modules/auth/sessions.service.js';
import { AuthService } from './modules/auth/auth.service.js';
import { TwoFactorService } from './modules/auth/two-factor.service.js';
import { EmailChangeService } from './modules/auth/email-change.service.js';
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
import { PullSellBacks } from './modules/grail/sell-back.js';
import { GrailService } from './modules/grail/grail.service.js';
import { GRAIL_EVENTS_CHANNEL, GrailEvents } from './modules/grail/grail.events.js';
import { HotReads } from './http/hot-reads.js';
import type { Metrics } from './lib/metrics.js';
import { SeedVault } from './modules/grail/fairness.js';
import { GrailAdminService } from './modules/grail/grail-admin.service.js';
import { PullsService } from './modules/grail/pulls.service.js';
import { BreaksService } from './modules/breaks/breaks.service.js';
import { BreaksAdminService } from './modules/breaks/breaks-admin.service.js';
import { BreakEvents } from './modules/breaks/breaks.events.js';
import { BreakSeedVault } from './modules/breaks/fairness.js';
import { AuditService } from './modules/audit/audit.service.js';
import { InventoryService } from './modules/inventory/inventory.service.js';
import { FlagsService } from './modules/site/flags.service.js';
import { FeedPostsService } from './modules/site/feed-posts.service.js';
import { createSubmissionsService } from './modules/submissions/submissions.service.js';
import { FulfilmentService } from './modules/fulfilment/fulfilment.service.js';
import { SubmissionReturns } from './modules/submissions/returns.service.js';
import { StaffUsersService } from './modules/staff-users/staff-users.service.js';
import { AnalyticsService } from './modules/analytics/analytics.service.js';
import {
  WithdrawalsService,
  withdrawalPayoutBox,
} from './modules/withdrawals/withdrawals.service.js';
import { VaultService } from './modules/vault/vault.service.js';
import { WalletHolds } from './modules/wallet/holds.service.js';
import { ListingsService } from './modules/market/listings.service.js';
import { OffersService } from './modules/market/offers.service.js';
import { TradesService } from './modules/market/trades.service.js';
import { MarketStaffService } from './modules/market/market-staff.service.js';
import { VaultStaffService } from './modules/vault/vault-staff.service.js';
import { SNAPSHOT_EVERY_MS, snapshotVaults } from './modules/vault/vault-snapshots.service.js';
import {
  NotificationsService,
  noticeStatement,
} from './modules/notifications/notifications.service.js';
import { NotificationCounts } from './modules/notifications/notifications.events.js';
import { sendReminders } from './modules/notifications/reminders.js';
import { DropSeedVault, DropsService } from './modules/drops/drops.service.js';
import { DropEvents } from './modules/drops/drops.events.js';

/** Outbox messages one delivery turn claims. */
const OUTBOX_BATCH = 10;
/** Trigger-written notifications one turn mails. */
const NOTIFICATION_MAIL_BATCH = 20;
/** How often the reminders are looked for. */
const REMINDERS_EVERY_MS = 60_000;
/** Offers (and trades) one expiry turn ends. */
const OFFER_EXPIRY_BATCH = 50;

/**
 * One instance of each service per app, each built once from an options object naming what it
 * needs; app.ts hands the routes what they need from here.
 */
export function createServices({
  config,
  database,
  log,
  metrics,
}: {
  config: Config;
  database: Database;
  log?: FastifyBaseLogger;
  /** The app's metrics, where the services report what they count. */
  metrics?: Metrics;
}) {
  const { db } = database;
  if (!config.APP_SECRET) throw new Error('APP_SECRET must be resolved before building the app');
  const appSecret = config.APP_SECRET;
  const publicUrl = config.PUBLIC_URL;

  const audit = new AuditService(db);
  const images = new ImagesService(db);
  const wallet = new WalletService(db);
  // Limits tell the collector through notifications, which ask limits before marketing mail.
  const limits: LimitsService = new LimitsService(db, {
    notify: (tx, userId, event): Promise<unknown> => notifications.notify(tx, userId, event),
    noticeStatement,
  });
  const seedVault = new SeedVault(appSecret);
  const sessions = new SessionsService(db, appSecret, database);
  const rateLimits = new RateLimitService(db, config.RATE_LIMIT_SCALE);
  const outbox = new OutboxService(db, {
    maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
    leaseMs: config.OUTBOX_LEASE_SECONDS * 1000,
    log,
    audit,
  });
  const mail = new MailService(db, {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    appEnv: config.APP_ENV,
    log,
    outbox,
    box: mailBox(appSecret),
  });
  const notifications = new NotificationsService(db, { mail, limits, appSecret, publicUrl });
  const users = new UsersService(db, {
    sessions,
    rateLimits,
    notifications,
    adminBootstrap: { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
  });
  const twoFactor = new TwoFactorService(db, {
    secretBox: new SecretBox(appSecret),
    rateLimits,
    users,
    notifications,
  });
  const auth = new AuthService(db, {
    sessions,
    mail,
    rateLimits,
    twoFactor,
    users,
    notifications,
    publicUrl,
    log,
    onEmailVerified: (user, keepSessionId) => users.onEmailVerified(user, keepSessionId),
  });
  const emailChange = new EmailChangeService(db, {
    users,
    twoFactor,
    rateLimits,
    mail,
    notifications,
    audit,
    publicUrl,
  });
  const buyback = { percent: config.BUYBACK_PERCENT, windowHours: config.BUYBACK_WINDOW_HOURS };
  const shipping = new ShippingService(db, { notifications, publicUrl, log, audit });
  const vault = new VaultService(db, { wallet, shipping, buyback });
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
    new PullSellBacks({ wallet, buyback, limits, notifications }),
    announceAboveCents,
    (onNotice) => database.listen(GRAIL_EVENTS_CHANNEL, onNotice),
    (size) => metrics?.purchaseGroupSize.observe(size),
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
      publicUrl,
      appSecret,
      guildId: config.DISCORD_GUILD_ID,
      collectorRoleId: config.DISCORD_COLLECTOR_ROLE_ID,
      webhookUrl: config.DISCORD_WEBHOOK_URL,
      log,
    },
  );
  discord.deliverAnnouncements(outbox);
  const breakVault = new BreakSeedVault(appSecret);
  const breaks = new BreaksService(db, {
    wallet,
    vault: breakVault,
    cardVault: vault,
    limits,
    notifications,
    log,
  });
  const feed = new FeedService(db, {
    username: config.X_USERNAME,
    bearerToken: config.X_BEARER_TOKEN,
    baseUrl: config.X_API_BASE_URL,
  });
  const catalog = new CatalogService(db);
  const drops = new DropsService(db, {
    vault: new DropSeedVault(appSecret),
    rates: () => ({
      admitBatch: config.DROP_ADMIT_BATCH,
      admitSeconds: config.DROP_ADMIT_SECONDS,
      windowSeconds: config.DROP_ADMIT_WINDOW_SECONDS,
    }),
  });
  const inventory = new InventoryService(db, audit, images);
  const holds = new WalletHolds(wallet);
  const market = {
    wallet,
    holds,
    limits,
    audit,
    feePercent: config.MARKETPLACE_FEE_PERCENT,
    notices: notifications,
  };
  const listings = new ListingsService(db, market);
  const offers = new OffersService(db, { ...market, listings });
  const trades = new TradesService(db, market);

  return {
    audit,
    images,
    wallet,
    limits,
    sessions,
    rateLimits,
    outbox,
    // Delivers what is due in batches of ten, at once again while a batch comes back full.
    outboxWorker: new PollingWorker(
      'outbox',
      async () => (await outbox.deliverDue(OUTBOX_BATCH)) === OUTBOX_BATCH,
      { log },
    ),
    mail,
    notifications,
    notificationCounts: new NotificationCounts(database, (userId) => notifications.unread(userId)),
    // Mails what a database trigger wrote (a pack's pulls), twenty at a time.
    notificationMailWorker: new PollingWorker(
      'notification mail',
      async () =>
        (await notifications.mailPending(NOTIFICATION_MAIL_BATCH)) === NOTIFICATION_MAIL_BATCH,
      { log },
    ),
    // Sell-back windows closing and offers expiring, each reminded of once; every minute.
    reminderWorker: new PollingWorker(
      'reminders',
      async () => {
        await sendReminders(db, notifications, buyback.windowHours);
        return false;
      },
      { log, pollMs: REMINDERS_EVERY_MS },
    ),
    users,
    twoFactor,
    auth,
    emailChange,
    shipping,
    grail,
    grailEvents: new GrailEvents(database, async (id) => (await grail.recentPulls(1, id))[0]),
    grailAdmin: new GrailAdminService(db, seedVault),
    pulls: new PullsService(db, wallet, vault, buyback, limits, notifications),
    discord,
    drops,
    dropEvents: new DropEvents(database),
    // Waiting rooms opened and their order drawn when due, checked every second.
    dropsWorker: new PollingWorker(
      'drop queues',
      async () => {
        await drops.openDue();
        await drops.orderDue();
        return false;
      },
      { log },
    ),
    breaks,
    breaksAdmin: new BreaksAdminService(db, { breaks, vault: breakVault, audit }),
    breakEvents: new BreakEvents(database, breaks.live),
    feed,
    feedPosts: new FeedPostsService(db, { feed, audit }),
    maintenance: new MaintenanceService(db),
    hotReads: new HotReads(database, config.HOT_READS_TTL_MS, (result) =>
      metrics?.hotReads.inc({ result }),
    ),
    catalog,
    payments: new PaymentsService(db, wallet, createPaymentProvider(config), {
      publicUrl,
      limits: rateLimits,
      playLimits: limits,
      notifications,
      log,
    }),
    orders: new OrdersService(db, wallet, vault, notifications, limits),
    fulfilment: new FulfilmentService(db, {
      shipping,
      returns: new SubmissionReturns(db, { notifications, audit, publicUrl }),
      log,
    }),
    staffUsers: new StaffUsersService(db, { wallet, users, sessions, audit, notifications }),
    analytics: new AnalyticsService(db),
    withdrawals: new WithdrawalsService(db, {
      wallet,
      notifications,
      audit,
      secondFactor: twoFactor,
      payoutBox: withdrawalPayoutBox(appSecret),
      appSecret,
    }),
    vault,
    vaultStaff: new VaultStaffService(db, { vault, audit }),
    vaultSnapshotWorker: new PollingWorker(
      'vault snapshots',
      async () => {
        await snapshotVaults(db);
        return false;
      },
      { log, pollMs: SNAPSHOT_EVERY_MS },
    ),
    holds,
    listings,
    offers,
    trades,
    // Expires offers and trades past their time and gives the held cash and cards back, fifty
    // of each at a time (another turn follows at once while either had a full batch).
    offerExpiryWorker: new PollingWorker(
      'offer and trade expiry',
      async () => {
        const offersEnded = await offers.expireDue(OFFER_EXPIRY_BATCH);
        const tradesEnded = await trades.expireDue(OFFER_EXPIRY_BATCH);
        return offersEnded === OFFER_EXPIRY_BATCH || tradesEnded === OFFER_EXPIRY_BATCH;
      },
      { log },
    ),
    marketStaff: new MarketStaffService(db, { holds, audit }),
    inventory,
    inventoryImportWorker: new PollingWorker(
      'inventory import',
      (isStopping) => inventory.jobs.workDue(isStopping),
      { log },
    ),
    flags: new FlagsService(database, { live: config.flags, audit, log }),
    submissions: createSubmissionsService(
      db,
      config,
      { wallet, notifications, images, catalog, audit, rateLimits, secondFactor: twoFactor },
      log,
    ),
  };
}
export type Services = ReturnType<typeof createServices>;
