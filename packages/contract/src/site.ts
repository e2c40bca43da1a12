import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { FEATURE_FLAGS } from './flags.js';

export const FeatureFlagName = z.enum(FEATURE_FLAGS);

/** A feature flag as staff see it: its value now, the environment's default, and who changed it. */
export const SiteFlag = z.object({
  flag: FeatureFlagName,
  enabled: z.boolean(),
  /** The value the environment gives; it holds until a staff member changes the flag. */
  environmentDefault: z.boolean(),
  changedAt: z.iso.datetime().nullable(),
  changedBy: z.string().nullable(),
});
export type SiteFlag = z.infer<typeof SiteFlag>;

export const SiteFlagsResponse = z.object({ flags: z.array(SiteFlag) });
export type SiteFlagsResponse = z.infer<typeof SiteFlagsResponse>;
export const SiteFlagParams = z.object({ flag: FeatureFlagName });
export const SetSiteFlagBody = z.object({ enabled: z.boolean() }).strict();

const tags = ['admin', 'site'];

/** The staff console's Site section: feature flags at run time. */
export const siteEndpoints = {
  adminSiteFlags: endpoint({
    method: 'GET',
    path: '/api/admin/site/flags',
    operationId: 'adminListSiteFlags',
    summary: 'Every feature flag: its value, the environment default and the last change',
    tags,
    guard: 'admin',
    response: SiteFlagsResponse,
  }),
  adminSetSiteFlag: endpoint({
    method: 'PUT',
    path: '/api/admin/site/flags/:flag',
    operationId: 'adminSetSiteFlag',
    summary: 'Turn a feature flag on or off for every instance (audited)',
    tags,
    guard: 'admin',
    params: SiteFlagParams,
    body: SetSiteFlagBody,
    response: SiteFlagsResponse,
  }),
} as const;
