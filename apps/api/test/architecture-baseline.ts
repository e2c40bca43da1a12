/**
 * Table ownership (issue 31 §1) and what the architecture test still tolerates while modules
 * move to it. The lists below only shrink: the test fails when an entry no longer occurs.
 */

/** Owner module (apps/api/src/modules/<owner>) → its tables. */
export const TABLE_OWNERS: Record<string, string[]> = {
  users: ['users'],
  auth: ['sessions', 'auth_tokens', 'recovery_codes', 'rate_limit_events'],
  limits: ['play_limits', 'play_controls'],
  wallet: ['wallets', 'wallet_ledger'],
  inventory: ['cards', 'inventory_imports', 'inventory_import_rows'],
  grail: ['grail_cases', 'case_cards', 'pulls'],
  breaks: ['breaks', 'break_spots', 'break_spot_sales', 'break_claims', 'break_hits'],
  submissions: [
    'submissions',
    'submission_cards',
    'submission_events',
    'submission_payouts',
    'submission_uploads',
    'psa_certs',
    'submission_returns',
  ],
  shipping: ['shipments'],
  orders: ['orders', 'order_items', 'cart_items'],
  payments: ['top_ups', 'stripe_events'],
  idempotency: ['idempotency_keys'],
  outbox: ['outbox_messages'],
  mail: ['mail_outbox'],
  images: ['images', 'image_variants'],
  audit: ['audit_log'],
  discord: ['discord_links', 'discord_link_states'],
  feed: ['feed_posts', 'x_feed_cache'],
  site: ['settings'],
};

/** `file → table`: a module that still imports or names another module's table. */
export const KNOWN_FOREIGN_TABLES: string[] = [
  'modules/auth/auth.service.ts → users',
  'modules/auth/sessions.service.ts → users',
  'modules/auth/two-factor.service.ts → users',
  'modules/breaks/breaks.service.ts → shipments',
  'modules/breaks/breaks.service.ts → users',
  'modules/catalog/catalog.service.ts → cards',
  'modules/catalog/catalog.service.ts → case_cards',
  'modules/catalog/catalog.service.ts → grail_cases',
  'modules/catalog/catalog.service.ts → order_items',
  'modules/catalog/catalog.service.ts → orders',
  'modules/demo/demo.service.ts → cards',
  'modules/demo/demo.service.ts → settings',
  'modules/discord/discord.service.ts → cards',
  'modules/discord/discord.service.ts → grail_cases',
  'modules/discord/discord.service.ts → pulls',
  'modules/discord/discord.service.ts → users',
  'modules/fulfilment/fulfilment.service.ts → shipments',
  'modules/fulfilment/fulfilment.service.ts → submission_cards',
  'modules/fulfilment/fulfilment.service.ts → submission_events',
  'modules/fulfilment/fulfilment.service.ts → submission_returns',
  'modules/fulfilment/fulfilment.service.ts → submissions',
  'modules/fulfilment/fulfilment.service.ts → users',
  'modules/grail/grail-admin.service.ts → cards',
  'modules/grail/grail.service.ts → cards',
  'modules/grail/grail.service.ts → users',
  'modules/grail/pack-purchase.ts → cards',
  'modules/grail/pack-purchase.ts → idempotency_keys',
  'modules/grail/pack-purchase.ts → sessions',
  'modules/grail/pack-purchase.ts → users',
  'modules/grail/pack-purchase.ts → wallets',
  'modules/inventory/inventory.service.ts → case_cards',
  'modules/inventory/inventory.service.ts → grail_cases',
  'modules/inventory/inventory.service.ts → images',
  'modules/orders/orders.service.ts → cards',
  'modules/orders/orders.service.ts → shipments',
  'modules/orders/orders.service.ts → users',
  'modules/pulls/pulls.service.ts → cards',
  'modules/pulls/pulls.service.ts → grail_cases',
  'modules/pulls/pulls.service.ts → pulls',
  'modules/pulls/pulls.service.ts → shipments',
  'modules/pulls/pulls.service.ts → users',
  'modules/shipping/shipping.service.ts → break_hits',
  'modules/shipping/shipping.service.ts → cards',
  'modules/shipping/shipping.service.ts → order_items',
  'modules/shipping/shipping.service.ts → orders',
  'modules/shipping/shipping.service.ts → pulls',
  'modules/shipping/shipping.service.ts → users',
  'modules/submissions/submissions.service.ts → users',
];

/** `file → file`: an import against the layers. */
export const KNOWN_BACK_ARROWS: string[] = [
  'modules/catalog/catalog.service.ts → http/hot-reads.ts',
  'modules/grail/grail-admin.service.ts → http/hot-reads.ts',
  'modules/inventory/inventory.imports.ts → http/hot-reads.ts',
  'modules/inventory/inventory.service.ts → http/hot-reads.ts',
  'modules/orders/orders.service.ts → http/hot-reads.ts',
  'modules/pulls/pulls.service.ts → http/hot-reads.ts',
];

/** Files that still send raw SQL not declared through db/statements.ts. */
export const KNOWN_UNDECLARED_SQL: string[] = [
  'modules/breaks/breaks.service.ts',
  'modules/fulfilment/fulfilment.service.ts',
  'modules/grail/grail-admin.service.ts',
  'modules/grail/grail.service.ts',
  'modules/grail/pack-purchase.ts',
  'modules/submissions/submissions.service.ts',
  'modules/wallet/wallet.service.ts',
];
