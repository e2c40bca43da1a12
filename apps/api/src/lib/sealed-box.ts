import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM for secrets at rest (TOTP secrets, Grail server seeds), with a key derived by HKDF
 * from APP_SECRET and a purpose, so one secret never decrypts another purpose's data. Sealed text
 * is `v1.iv.tag.ciphertext` in base64url; the version prefix lets a later format coexist.
 */
export class SealedBox {
  private readonly key: Buffer;

  constructor(appSecret: string, purpose: { salt: string; info: string }) {
    this.key = Buffer.from(hkdfSync('sha256', appSecret, purpose.salt, purpose.info, 32));
  }

  seal(plain: Buffer): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return [VERSION, ...[iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'))].join(
      '.',
    );
  }

  open(sealed: string): Buffer {
    const parts = sealed.split('.');
    // Seeds sealed before the version prefix existed are `iv.tag.ciphertext`.
    const [iv, tag, body] = parts.length === 3 ? parts : parts[0] === VERSION ? parts.slice(1) : [];
    if (!iv || !tag || !body) throw new Error('Unknown sealed format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  }
}
