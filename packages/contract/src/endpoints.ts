import { authEndpoints } from './auth.js';
import { breakEndpoints } from './breaks.js';
import { catalogEndpoints } from './catalog.js';
import { commerceEndpoints } from './commerce.js';
import { feedEndpoints } from './feed.js';
import { grailEndpoints } from './grail.js';
import { platformEndpoints } from './platform.js';
import { submissionEndpoints } from './submissions.js';

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
} as const;
