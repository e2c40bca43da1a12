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
];

/** Files that still send raw SQL not declared through db/statements.ts. */
export const KNOWN_UNDECLARED_SQL: string[] = [
  'modules/breaks/breaks.reads.ts',
  'modules/fulfilment/fulfilment.service.ts',
  'modules/grail/purchase/buy-pack.ts',
  'modules/grail/purchase/case-copies.ts',
  'modules/grail/purchase/draw-statement.ts',
  'modules/grail/purchase/fast-path-check.ts',
  'modules/grail/purchase/see-pack.ts',
  'modules/submissions/collector.service.ts',
  'modules/wallet/debit.ts',
  'modules/wallet/wallet.service.ts',
];
