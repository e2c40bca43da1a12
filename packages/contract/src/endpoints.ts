import { grailEndpoints } from './grail.js';

/**
 * Every endpoint of the API, by name. The server registers each from its declaration and a test
 * checks that none is missing; the web calls them through callApi.
 */
export const endpoints = {
  ...grailEndpoints,
} as const;
