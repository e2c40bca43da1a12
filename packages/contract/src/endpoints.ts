import { authEndpoints } from './auth.js';
import { breakEndpoints } from './breaks.js';
import { discordEndpoints } from './discord.js';
import { outboxEndpoints } from './outbox.js';
import { catalogEndpoints } from './catalog.js';
import { commerceEndpoints } from './commerce.js';
import { feedEndpoints } from './feed.js';
import { grailEndpoints } from './grail.js';
import { platformEndpoints } from './platform.js';
import { submissionEndpoints } from './submissions.js';
import { fulfilmentEndpoints } from './fulfilment.js';
import { staffUserEndpoints } from './staff-users.js';
import { analyticsEndpoints } from './analytics.js';
import { inventoryEndpoints } from './inventory.js';
import { siteEndpoints } from './site.js';
import { auditEndpoints } from './audit.js';
import { limitEndpoints } from './limits.js';
import { withdrawalEndpoints } from './withdrawals.js';
import { vaultEndpoints } from './vault.js';
import { marketEndpoints } from './market/endpoints.js';
import { notificationEndpoints } from './notifications.js';
import { dropEndpoints } from './drops.js';
import { emailChangeEndpoints } from './email-change.js';

/**
 * Every endpoint of the API, by name. The server registers each from its declaration and a test
 * checks that none is missing; the web calls them through callApi.
 */
export const endpoints = {
  ...platformEndpoints,
  ...authEndpoints,
  ...feedEndpoints,
  ...grailEndpoints,
  ...catalogEndpoints,
  ...commerceEndpoints,
  ...submissionEndpoints,
  ...breakEndpoints,
  ...outboxEndpoints,
  ...discordEndpoints,
  ...limitEndpoints,
  ...fulfilmentEndpoints,
  ...staffUserEndpoints,
  ...analyticsEndpoints,
  ...inventoryEndpoints,
  ...siteEndpoints,
  ...auditEndpoints,
  ...withdrawalEndpoints,
  ...vaultEndpoints,
  ...marketEndpoints,
  ...notificationEndpoints,
  ...dropEndpoints,
  ...emailChangeEndpoints,
} as const;
