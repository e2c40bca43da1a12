import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { SealedBox } from '../../lib/sealed-box.js';
import type { AuditService } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { RateLimitService } from '../auth/rate-limits.service.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import type { ImagesService } from '../images/images.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import type { PsaLookup } from './psa-lookup.js';

/** What proves the collector is at the keyboard: the auth module's code check (TOTP or recovery). */
export interface SecondFactorCheck {
  requireSecondFactor(user: SessionUser, code: string | undefined): Promise<void>;
}

export interface SubmissionsDeps {
  wallet: WalletService;
  notifications: Pick<NotificationsService, 'notify' | 'answered'>;
  images: ImagesService;
  catalog: CatalogService;
  audit: AuditService;
  rateLimits: RateLimitService;
  secondFactor: SecondFactorCheck;
  /** Seals bank and PayPal details (its own purpose of APP_SECRET). */
  payoutBox: SealedBox;
  psa: PsaLookup;
  publicUrl: string;
  creditBonusPercent: number;
  offerDays: number;
  /** The clock offers expire by; tests pass their own. */
  now: () => Date;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** The database and collaborators every part of the submissions module works with. */
export interface SubmissionsContext {
  db: Db;
  deps: SubmissionsDeps;
}

export const noSubmission = () => notFound('No submission with this id.');

export const joinNotes = (...notes: (string | null | undefined)[]) =>
  notes.filter((n): n is string => Boolean(n)).join(' — ') || null;
