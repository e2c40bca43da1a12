import type { NotificationsService } from '../notifications/notifications.service.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { LimitsService } from '../limits/limits.service.js';
import type { VaultService } from '../vault/vault.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import type { BreakSeedVault } from './fairness.js';
import { BreakHits } from './hits.service.js';
import { BreakLive } from './live.service.js';
import { BreakPages } from './pages.service.js';
import { BreakRefunds } from './refunds.service.js';
import { SpotSales } from './spot-sales.service.js';

/**
 * Breaks for collectors, one part per thing a person does: read the list and a break's page
 * (pages), follow it live (live), buy spots (spots), claim or sell back hits (hits); and the
 * refund of a break that did not fill (refunds). Every command is one transaction. Staff run
 * breaks through breaks-admin.service.ts.
 */
export class BreaksService {
  readonly refunds: BreakRefunds;
  readonly pages: BreakPages;
  readonly live: BreakLive;
  readonly spots: SpotSales;
  readonly hits: BreakHits;

  constructor(
    db: Db,
    deps: {
      wallet: WalletService;
      vault: BreakSeedVault;
      /** The collectors' vault, where their hits are held and shipped from. */
      cardVault: VaultService;
      limits: LimitsService;
      notifications: Pick<NotificationsService, 'notify'>;
      log?: Pick<FastifyBaseLogger, 'info' | 'warn'> | undefined;
    },
  ) {
    this.refunds = new BreakRefunds(db, { wallet: deps.wallet, log: deps.log });
    this.pages = new BreakPages(db, { vault: deps.vault, refunds: this.refunds });
    this.live = new BreakLive(db, deps.vault);
    this.spots = new SpotSales(db, {
      wallet: deps.wallet,
      limits: deps.limits,
      notifications: deps.notifications,
    });
    this.hits = new BreakHits(db, {
      wallet: deps.wallet,
      vault: deps.cardVault,
      limits: deps.limits,
      pages: this.pages,
      refunds: this.refunds,
    });
  }
}
