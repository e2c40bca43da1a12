/**
 * Table ownership (issue 31, docs/decisions): each table belongs to one module, which alone reads
 * and writes it; other modules call its service or its `<module>.reads.ts`. The architecture test
 * checks every source file against this map.
 */

/** Owner module (apps/api/src/modules/<owner>) → its tables. */
export const TABLE_OWNERS: Record<string, string[]> = {
  users: ['users'],
  auth: ['sessions', 'sign_ins', 'auth_tokens', 'recovery_codes', 'rate_limit_events'],
  limits: ['play_limits', 'play_controls'],
  wallet: ['wallets', 'wallet_ledger', 'wallet_holds', 'house_ledger'],
  inventory: ['cards', 'inventory_imports', 'inventory_import_rows'],
  grail: ['grail_cases', 'case_cards', 'pulls', 'auto_sell_rules'],
  drops: ['drop_queues', 'drop_entries'],
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
  withdrawals: ['withdrawals', 'payout_methods'],
  vault: ['holdings', 'vault_value_snapshots'],
  notifications: ['notifications', 'notification_preferences'],
  market: [
    'market_listings',
    'market_offers',
    'market_offer_events',
    'market_sales',
    'market_access_freezes',
    'market_trades',
    'market_trade_items',
  ],
};
