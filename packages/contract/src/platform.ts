import { z } from 'zod';
import { AppEnv, FeatureFlags } from './flags.js';

export const HealthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  db: z.enum(['pglite', 'postgres']),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

export const MaintenanceStatusResponse = z.object({
  data: z.object({
    isEnabled: z.boolean(),
    startedAt: z.iso.datetime().nullable(),
  }),
});
export type MaintenanceStatusResponse = z.infer<typeof MaintenanceStatusResponse>;

/** Public settings the client reads once at start (GET /api/config). */
export const PublicConfigResponse = z.object({
  flags: FeatureFlags,
  supportEmail: z.email(),
  xProfileHandle: z.string(),
  appEnv: AppEnv,
  paymentProvider: z.enum(['sandbox', 'stripe']),
  debug: z.boolean(),
});
export type PublicConfigResponse = z.infer<typeof PublicConfigResponse>;

export const ImageParams = z.object({
  imageIdentifier: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Unknown image identifier'),
});
export const IMAGE_SIZES = ['sm', 'md', 'lg'] as const;
export const ImageQuery = z.object({
  size: z.enum(IMAGE_SIZES).default('md'),
});
export type ImageSize = (typeof IMAGE_SIZES)[number];
