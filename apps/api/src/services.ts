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
import { MailService } from './modules/mail/mail.service.js';
import { UsersService } from './modules/users/users.service.js';
import { WalletService } from './modules/wallet/wallet.service.js';
import { CatalogService } from './modules/catalog/catalog.service.js';
import { ShippingService } from './modules/shipping/shipping.service.js';
import { PaymentsService } from './modules/payments/payments.service.js';
import { createPaymentProvider } from './modules/payments/payment-providers.js';
import { OrdersService } from './modules/orders/orders.service.js';
import { GrailService } from './modules/grail/grail.service.js';
import { GrailEvents } from './modules/grail/grail.events.js';
import { SeedVault } from './modules/grail/fairness.js';
import { GrailAdminService } from './modules/grail/grail-admin.service.js';
import { PullsService } from './modules/pulls/pulls.service.js';
import { BreaksService } from './modules/breaks/breaks.service.js';
import { BreaksAdminService } from './modules/breaks/breaks-admin.service.js';
import { BreakEvents } from './modules/breaks/breaks.events.js';
import { BreakSeedVault } from './modules/breaks/breaks.fairness.js';
import { AuditService } from './modules/audit/audit.service.js';
import { createSubmissionsService } from './modules/submissions/submissions.service.js';

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
  const seedVault = new SeedVault(config.APP_SECRET);
  const sessions = new SessionsService(db, config.APP_SECRET);
  const mail = new MailService(db, {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    appEnv: config.APP_ENV,
    log,
  });
  const rateLimits = new RateLimitService(db, config.RATE_LIMIT_SCALE);
  const users = new UsersService(db, sessions, rateLimits, {
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
  });
  const buyback = { percent: config.BUYBACK_PERCENT, windowHours: config.BUYBACK_WINDOW_HOURS };
  const shipping = new ShippingService(db, { mail, publicUrl: config.PUBLIC_URL, log });
  const grail = new GrailService(db, wallet, seedVault, buyback);
  const breakVault = new BreakSeedVault(config.APP_SECRET);
  const breaks = new BreaksService(db, { wallet, shipping, vault: breakVault, log });
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
    rateLimits,
    auth: new AuthService(db, sessions, mail, rateLimits, new SecretBox(config.APP_SECRET), {
      publicUrl: config.PUBLIC_URL,
      log,
      onEmailVerified: (user, keepSessionId) => users.onEmailVerified(user, keepSessionId),
    }),
    users,
    wallet,
    catalog: new CatalogService(db),
    shipping,
    payments: new PaymentsService(db, wallet, createPaymentProvider(config), {
      publicUrl: config.PUBLIC_URL,
      limits: rateLimits,
      log,
    }),
    orders: new OrdersService(db, wallet, shipping, mail),
    grail,
    grailEvents: new GrailEvents(database, async (id) => (await grail.recentPulls(1, id))[0]),
    grailAdmin: new GrailAdminService(db, seedVault),
    pulls: new PullsService(db, wallet, shipping, buyback),
    breaks,
    breaksAdmin: new BreaksAdminService(db, {
      breaks,
      vault: breakVault,
      audit: new AuditService(db),
    }),
    breakEvents: new BreakEvents(database, {
      spots: (id) => breaks.spotsEvent(id),
      hit: (id) => breaks.hitEvent(id),
      reveal: (id) => breaks.reveal(id),
    }),
    audit: new AuditService(db),
  };
  return {
    ...services,
    submissions: createSubmissionsService(
      db,
      config,
      { ...services, secondFactor: services.auth },
      log,
    ),
  };
}
export type Services = ReturnType<typeof createServices>;
