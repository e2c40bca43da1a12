import { z } from 'zod';
import { OutboxResponse } from './auth.js';
import { endpoint, endpointUrl } from './endpoint.js';
import { AppEnv, FeatureFlags } from './flags.js';

export const HealthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  db: z.enum(['pglite', 'postgres']),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/** GET /api/ready: this instance takes traffic. A 503 error body says why not in `status`. */
export const ReadinessResponse = z.object({ status: z.literal('ready') });
export type ReadinessResponse = z.infer<typeof ReadinessResponse>;

export const MaintenanceStatusResponse = z.object({
  data: z.object({
    isEnabled: z.boolean(),
    startedAt: z.iso.datetime().nullable(),
    /** True for a staff member while maintenance is on: they keep using the site to end it. */
    staffAccess: z.boolean().optional(),
  }),
});
export type MaintenanceStatusResponse = z.infer<typeof MaintenanceStatusResponse>;

export const SetMaintenanceBody = z.object({ isEnabled: z.boolean() }).strict();
export type SetMaintenanceBody = z.infer<typeof SetMaintenanceBody>;
/** What a write answers while maintenance mode is on (non-staff callers). */
export const MAINTENANCE_WRITE_MESSAGE =
  'The site is under maintenance. Changes are paused; please try again shortly.';

/** Public settings the client reads once at start (GET /api/config). */
export const PublicConfigResponse = z.object({
  flags: FeatureFlags,
  supportEmail: z.email(),
  xProfileHandle: z.string(),
  appEnv: AppEnv,
  paymentProvider: z.enum(['sandbox', 'stripe']),
  debug: z.boolean(),
  /** The GA4 measurement id while ADVANCED_ANALYTICS is on and one is set; otherwise null. */
  analyticsMeasurementId: z.string().nullable().optional(),
});
export type PublicConfigResponse = z.infer<typeof PublicConfigResponse>;

/** A stored image's id, as an upload answers it (base64url). */
export const ImageId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be the id of an uploaded image');
export const ImageParams = z.object({
  imageIdentifier: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Unknown image identifier'),
});
export const IMAGE_SIZES = ['sm', 'md', 'lg'] as const;
export const ImageQuery = z.object({
  size: z.enum(IMAGE_SIZES).default('md'),
});
export type ImageSize = (typeof IMAGE_SIZES)[number];

const platform = ['platform'];

/** The platform's own endpoints: health, public settings, maintenance, stored images, dev outbox. */
export const platformEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    operationId: 'getHealth',
    // A 503 answer is an error body that also carries `status: 'unavailable'`, `db` and `version`.
    summary: 'Whether the API and its database answer (503 when the database does not)',
    tags: platform,
    guard: 'public',
    response: HealthResponse,
  }),
  ready: endpoint({
    method: 'GET',
    path: '/api/ready',
    operationId: 'getReadiness',
    // A 503 answer is an error body that also carries `status`: starting, draining or unavailable.
    summary:
      'Whether this instance takes traffic (503 while starting, draining after SIGTERM, or without its database)',
    tags: platform,
    guard: 'public',
    response: ReadinessResponse,
  }),
  config: endpoint({
    method: 'GET',
    path: '/api/config',
    operationId: 'getPublicConfig',
    summary: 'Public settings the client reads once at start',
    tags: platform,
    guard: 'public',
    response: PublicConfigResponse,
  }),
  maintenanceStatus: endpoint({
    method: 'GET',
    path: '/api/maintenance/status',
    operationId: 'getMaintenanceStatus',
    summary: 'Whether maintenance mode is on, and since when',
    tags: platform,
    guard: 'public',
    response: MaintenanceStatusResponse,
  }),
  adminSetMaintenance: endpoint({
    method: 'PUT',
    path: '/api/admin/maintenance',
    operationId: 'adminSetMaintenance',
    summary: 'Switch maintenance mode on or off for every instance (writes pause for non-staff)',
    tags: ['admin', 'platform'],
    guard: 'admin',
    body: SetMaintenanceBody,
    response: MaintenanceStatusResponse,
  }),
  image: endpoint({
    method: 'GET',
    path: '/api/images/:imageIdentifier',
    operationId: 'getImage',
    summary: 'A stored image as WebP, in one of three sizes; immutable',
    tags: ['images'],
    guard: 'public',
    params: ImageParams,
    query: ImageQuery,
    responseKind: 'binary',
  }),
  devMail: endpoint({
    method: 'GET',
    path: '/api/dev/mail',
    operationId: 'listDevOutbox',
    summary: 'The outbox, newest first (development and tests only; absent in production)',
    tags: ['dev'],
    guard: 'public',
    response: OutboxResponse,
    hidden: true,
  }),
} as const;

/** The URL of a stored image, as pages and API answers link it. */
export const imageUrl = (imageIdentifier: string) =>
  endpointUrl(platformEndpoints.image, { imageIdentifier });
