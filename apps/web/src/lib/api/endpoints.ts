/**
 * The contract's endpoint declarations, as the web calls them (`callApi(grailEndpoints.activeCase)`).
 * A production build replaces this module with their routes, made from the contract at build time
 * without the zod schemas (build/endpointRoutes.ts); development and tests get the declarations
 * themselves, so callApi checks each answer against its schema.
 */
export {
  analyticsEndpoints,
  auditEndpoints,
  authEndpoints,
  breakEndpoints,
  catalogEndpoints,
  commerceEndpoints,
  discordEndpoints,
  dropEndpoints,
  emailChangeEndpoints,
  feedEndpoints,
  fulfilmentEndpoints,
  grailEndpoints,
  inventoryEndpoints,
  limitEndpoints,
  marketEndpoints,
  notificationEndpoints,
  outboxEndpoints,
  platformEndpoints,
  siteEndpoints,
  staffUserEndpoints,
  submissionEndpoints,
  vaultEndpoints,
  withdrawalEndpoints,
} from '@grail/contract';
