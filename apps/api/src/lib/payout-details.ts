import { createHmac } from 'node:crypto';
import type { SealedBox } from './sealed-box.js';

/**
 * A bank account or PayPal address a collector is paid to, kept sealed at rest with a mask the
 * collector and staff see: the sell flow's payouts and withdrawals both keep them this way.
 */
export type PayoutDetails =
  | { method: 'bank'; accountHolder: string; routingNumber: string; accountNumber: string }
  | { method: 'paypal'; email: string };

/** "Account ••••6789 (Casey Collector)", "c•••@example.com": enough to recognise, no more. */
export function maskPayout(
  details:
    | { method: 'bank'; accountHolder: string; accountNumber: string }
    | { method: 'paypal'; email: string },
): string {
  if (details.method === 'bank') {
    return `Account ••••${details.accountNumber.slice(-4)} (${details.accountHolder})`;
  }
  const [local = '', domain = ''] = details.email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

/** The details sealed, and their mask. */
export function sealPayoutDetails(
  box: SealedBox,
  details: PayoutDetails,
): { sealed: string; mask: string } {
  return {
    sealed: box.seal(Buffer.from(JSON.stringify(details), 'utf8')),
    mask: maskPayout(details),
  };
}

export function openPayoutDetails<T extends PayoutDetails = PayoutDetails>(
  box: SealedBox,
  sealed: string,
): T {
  return JSON.parse(box.open(sealed).toString('utf8')) as T;
}

/** The full details as staff see them to pay by hand (each look audited by the caller). */
export function revealPayoutDetails(details: PayoutDetails | null) {
  return {
    accountHolder: details?.method === 'bank' ? details.accountHolder : null,
    routingNumber: details?.method === 'bank' ? details.routingNumber : null,
    accountNumber: details?.method === 'bank' ? details.accountNumber : null,
    email: details?.method === 'paypal' ? details.email : null,
  };
}

/**
 * A keyed hash of the account paid to (routing and account number, or the PayPal address in
 * lower case), so two collectors paid to one account can be found without opening either.
 */
export function payoutFingerprint(appSecret: string, details: PayoutDetails): string {
  const account =
    details.method === 'bank'
      ? `bank:${details.routingNumber.replace(/\D/g, '')}:${details.accountNumber.replace(/\D/g, '')}`
      : `paypal:${details.email.trim().toLowerCase()}`;
  return createHmac('sha256', `${appSecret}:payout-fingerprint-v1`).update(account).digest('hex');
}
