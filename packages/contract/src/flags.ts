import { z } from 'zod';

/** Feature flags; the server decides them per environment at run time. */
export const FEATURE_FLAGS = [
  'BREAKS_ENABLED',
  'ADVANCED_ANALYTICS',
  'DISCORD_INTEGRATION',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export const FeatureFlags = z.object({
  BREAKS_ENABLED: z.boolean(),
  ADVANCED_ANALYTICS: z.boolean(),
  DISCORD_INTEGRATION: z.boolean(),
});
export type FeatureFlags = z.infer<typeof FeatureFlags>;

export const APP_ENVS = ['development', 'staging', 'production', 'test'] as const;
export const AppEnv = z.enum(APP_ENVS);
export type AppEnv = z.infer<typeof AppEnv>;
