import { z } from 'zod';
import { AppEnv, FEATURE_FLAGS, type FeatureFlags } from '@grail/contract';

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Every environment variable the API reads, with its default. README's configuration table mirrors it. */
export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  // Two at least: the migration's advisory lock holds one connection while the migration uses another.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(20),
  /** How long SIGTERM waits for the requests in flight before the connections left are cut. */
  DRAIN_SECONDS: z.coerce.number().int().min(0).max(600).default(20),
  /** How long a draining instance still accepts connections (readiness says 503) before it stops listening. */
  DRAIN_ACCEPT_SECONDS: z.coerce.number().min(0).max(600).default(1),
  /** Prometheus metrics at /metrics on this port (unset: not served); each instance its own. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Where the metrics port listens: loopback unless an operator opens it to a scraper. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  APP_ENV: AppEnv.default('production'),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.url().optional(),
  DEMO_DATA: bool.default(true),
  MAINTENANCE_MODE: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEBUG: bool.default(false),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => parseTrustProxy(v, ctx)),
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** How long an instance serves a public read from memory when no change notification came. */
  HOT_READS_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
  SUPPORT_EMAIL: z.email().default('support@grailmachine.example'),
  X_USERNAME: z
    .string()
    .regex(/^\w{1,15}$/, 'must be an X handle without @')
    .default('GrailMachine'),
  X_BEARER_TOKEN: z.string().min(1).optional(),
  X_API_BASE_URL: z.url().default('https://api.x.com'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Grail Machine <no-reply@grailmachine.example>'),
  /** No default: production must name its provider; elsewhere it falls back to the sandbox. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  BUYBACK_PERCENT: z.coerce.number().int().min(0).max(100).default(85),
  MARKETPLACE_FEE_PERCENT: z.coerce.number().int().min(0).max(50).default(5),
  PSA_API_TOKEN: z.string().min(1).optional(),
  PSA_API_BASE_URL: z.url().default('https://api.psacard.com/publicapi'),
  SELL_CREDIT_BONUS_PERCENT: z.coerce.number().int().min(0).max(100).default(10),
  SUBMISSION_OFFER_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  BUYBACK_WINDOW_HOURS: z.coerce.number().int().min(1).default(72),
  DROP_ADMIT_BATCH: z.coerce.number().int().min(1).max(100_000).default(100),
  DROP_ADMIT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  DROP_ADMIT_WINDOW_SECONDS: z.coerce.number().int().min(10).max(86_400).default(600),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  BREAKS_ENABLED: bool.optional(),
  ADVANCED_ANALYTICS: bool.optional(),
  /** Google Analytics 4: loaded after the visitor's consent, and only while ADVANCED_ANALYTICS is on. */
  ANALYTICS_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]{4,20}$/, 'must be a GA4 measurement id such as G-ABC123XYZ')
    .optional(),
  DISCORD_INTEGRATION: bool.optional(),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** How long a claimed outbox row stays with its instance before another may take it over. */
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  DISCORD_CLIENT_ID: z.string().min(1).optional(),
  DISCORD_CLIENT_SECRET: z.string().min(1).optional(),
  DISCORD_GUILD_ID: z.string().min(1).optional(),
  DISCORD_BOT_TOKEN: z.string().min(1).optional(),
  DISCORD_COLLECTOR_ROLE_ID: z.string().min(1).optional(),
  DISCORD_WEBHOOK_URL: z.url().optional(),
  DISCORD_GRAIL_THRESHOLD: z.coerce.number().min(0).default(500),
  DISCORD_API_BASE_URL: z.url().default('https://discord.com/api/v10'),
  WEB_DIST_DIR: z.string().optional(),
  API_DOCS: bool.optional(),
});

/**
 * Which proxies' X-Forwarded-For to believe: none, the nearest N hops, or the listed addresses.
 * Trusting every hop would take the leftmost address, which the client writes itself.
 */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): false | number | string[] {
  const v = value.trim();
  if (v === 'false' || v === '0') return false;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  if (v === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        'must be false, a hop count (1 behind one load balancer) or a list of proxy addresses; true would trust a client-chosen X-Forwarded-For',
    });
    return z.NEVER;
  }
  const addresses = v.split(',').map((a) => a.trim());
  if (addresses.some((a) => !/^[\da-fA-F:.]+(\/\d{1,3})?$/.test(a))) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be false, a hop count or a comma-separated list of IP addresses or CIDRs',
    });
    return z.NEVER;
  }
  return addresses;
}

/**
 * Rules across variables, checked on the raw environment so they are reported together with any
 * unparseable value rather than only once every value parses.
 */
function crossChecks(env: Record<string, string>): string[] {
  const problems: string[] = [];
  const appEnv = env.APP_ENV ?? 'production';
  if (env.PAYMENT_PROVIDER === 'stripe') {
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) {
      if (!env[key]) problems.push(`${key} is required when PAYMENT_PROVIDER=stripe`);
    }
  }
  if (appEnv === 'production') {
    if (!env.PUBLIC_URL)
      problems.push(
        'PUBLIC_URL is required in production: reset and verification links are built from it, never from a request',
      );
    if (!env.PAYMENT_PROVIDER)
      problems.push(
        'PAYMENT_PROVIDER is required in production: stripe (with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET), or sandbox by name for a demo where top-ups are free',
      );
    if (!env.APP_SECRET && env.DATABASE_URL)
      problems.push(
        'APP_SECRET is required in production on a PostgreSQL server (sessions and TOTP secrets are encrypted with it)',
      );
  }
  return problems;
}

type ParsedConfig = z.infer<typeof ConfigSchema>;
export type Config = Omit<ParsedConfig, 'PAYMENT_PROVIDER' | 'API_DOCS' | 'PUBLIC_URL'> & {
  PAYMENT_PROVIDER: 'sandbox' | 'stripe';
  /** The site's public origin without a trailing slash; every link in an e-mail starts with it. */
  PUBLIC_URL: string;
  /** Whether /api/docs is served: on outside production, in production only when asked for. */
  API_DOCS: boolean;
  flags: FeatureFlags;
};

export class ConfigError extends Error {}

/** Parses the environment; every bad or missing variable is named at once, one per line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = ConfigSchema.safeParse(cleaned);
  const problems = crossChecks(cleaned as Record<string, string>);
  if (!parsed.success || problems.length > 0) {
    const lines = (parsed.error?.issues ?? []).map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const message =
        issue.code === 'invalid_value' || issue.code === 'invalid_type'
          ? `${issue.message.replace(/^Invalid (input|option): /i, '')}`
          : issue.message;
      return `${name} ${message}`;
    });
    lines.push(...problems);
    throw new ConfigError(
      lines.length === 1
        ? `Invalid configuration: ${lines[0]}`
        : `Invalid configuration:\n${lines.map((l) => `  ${l}`).join('\n')}`,
    );
  }
  const cfg = parsed.data!;
  // All flags on in development and staging, off elsewhere; each may be overridden by its own variable.
  const flagDefault = cfg.APP_ENV === 'development' || cfg.APP_ENV === 'staging';
  const flags = Object.fromEntries(
    FEATURE_FLAGS.map((flag) => [flag, cfg[flag] ?? flagDefault]),
  ) as FeatureFlags;
  return {
    ...cfg,
    PAYMENT_PROVIDER: cfg.PAYMENT_PROVIDER ?? 'sandbox',
    // Outside production a missing PUBLIC_URL means this machine; production refuses to start without it.
    PUBLIC_URL: (cfg.PUBLIC_URL ?? `http://localhost:${cfg.PORT}`).replace(/\/+$/, ''),
    API_DOCS: cfg.API_DOCS ?? cfg.APP_ENV !== 'production',
    flags,
  };
}
