import { z } from 'zod';
import { AppEnv, FEATURE_FLAGS, type FeatureFlags } from '@grail/contract';

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Every environment variable the API reads, with its default. README's configuration table mirrors it. */
export const ConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
    APP_ENV: AppEnv.default('production'),
    APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    PUBLIC_URL: z.url().optional(),
    DEMO_DATA: bool.default(true),
    MAINTENANCE_MODE: bool.optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    DEBUG: bool.default(false),
    TRUST_PROXY: bool.default(false),
    RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
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
    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    BUYBACK_PERCENT: z.coerce.number().int().min(0).max(100).default(85),
    BUYBACK_WINDOW_HOURS: z.coerce.number().int().min(1).default(72),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8).optional(),
    BREAKS_ENABLED: bool.optional(),
    ADVANCED_ANALYTICS: bool.optional(),
    DISCORD_INTEGRATION: bool.optional(),
    WEB_DIST_DIR: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENT_PROVIDER === 'stripe') {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is required when PAYMENT_PROVIDER=stripe',
          });
      }
    }
    if (env.APP_ENV === 'production' && !env.APP_SECRET && env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_SECRET'],
        message:
          'is required in production on a PostgreSQL server (sessions and TOTP secrets are encrypted with it)',
      });
    }
  });

export type Config = z.infer<typeof ConfigSchema> & { flags: FeatureFlags };

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws one line naming the variable and what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const message =
      issue.code === 'invalid_value' || issue.code === 'invalid_type'
        ? `${issue.message.replace(/^Invalid (input|option): /i, '')}`
        : issue.message;
    throw new ConfigError(`Invalid configuration: ${name} ${message}`);
  }
  const cfg = parsed.data;
  // All flags on in development and staging, off elsewhere; each may be overridden by its own variable.
  const flagDefault = cfg.APP_ENV === 'development' || cfg.APP_ENV === 'staging';
  const flags = Object.fromEntries(
    FEATURE_FLAGS.map((flag) => [flag, cfg[flag] ?? flagDefault]),
  ) as FeatureFlags;
  return { ...cfg, flags };
}
