import type { Config } from '../../config.js';

/** The GA4 measurement id the site uses now: only while ADVANCED_ANALYTICS is on and one is set. */
export const analyticsMeasurementId = (
  config: Pick<Config, 'flags' | 'ANALYTICS_MEASUREMENT_ID'>,
) => (config.flags.ADVANCED_ANALYTICS ? (config.ANALYTICS_MEASUREMENT_ID ?? null) : null);

/**
 * What the Content-Security-Policy must allow for gtag.js, per directive (Google's list for GA4),
 * and nothing while analytics is off. Read per response, since the flag can change at run time.
 */
export function ga4CspSources(
  config: Pick<Config, 'flags' | 'ANALYTICS_MEASUREMENT_ID'>,
  directive: 'script' | 'connect',
): string {
  if (!analyticsMeasurementId(config)) return '';
  return directive === 'script'
    ? 'https://www.googletagmanager.com'
    : 'https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com';
}
