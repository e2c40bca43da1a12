import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { SealedBox } from '../../lib/sealed-box.js';

const ISSUER = 'Grail Machine';
const PERIOD_S = 30;
/** ±1 step: a code from the previous or next 30 s is accepted (clock drift). */
const WINDOW = 1;

/** TOTP secrets at rest, sealed with their own key derived from APP_SECRET. */
export class SecretBox {
  private readonly box: SealedBox;

  constructor(appSecret: string) {
    this.box = new SealedBox(appSecret, { salt: 'grail-totp', info: 'totp-secret-v1' });
  }

  seal(plain: string): string {
    return this.box.seal(Buffer.from(plain, 'utf8'));
  }

  open(sealed: string): string {
    return this.box.open(sealed).toString('utf8');
  }
}

const totpFor = (secretBase32: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });

/** A fresh 160-bit secret with its otpauth:// URL and a QR code of it. */
export async function newTotpSecret(accountName: string) {
  const secret = new Secret({ size: 20 }).base32;
  const otpauthUrl = totpFor(secret, accountName).toString();
  const qrCodeDataUrl = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 });
  return { secret, otpauthUrl, qrCodeDataUrl };
}

/**
 * The 30 s step a code belongs to, or null when it matches none within ±1 step.
 * Callers refuse steps at or before the last accepted one, so each code works once.
 */
export function matchTotpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const totp = totpFor(secretBase32);
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  return totp.counter({ timestamp: now }) + delta;
}

export const isTotpCodeShape = (code: string) => /^\d{6}$/.test(code);
