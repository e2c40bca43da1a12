import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testEngine } from '../../test/helpers.js';
import { SealedBox } from './sealed-box.js';

const secret = 'test-secret-test-secret-test-secret-0123';
const purpose = { salt: 'grail-machine', info: 'grail-server-seed-v1' };

// Engine-independent: runs once, in the PGlite project.
describe.runIf(testEngine === 'pglite')('sealed box', () => {
  it('round-trips, with a version prefix and a fresh IV each time', () => {
    const box = new SealedBox(secret, purpose);
    const plain = randomBytes(32);
    const a = box.seal(plain);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(box.seal(plain)).not.toBe(a);
    expect(box.open(a).equals(plain)).toBe(true);
  });

  it('refuses tampered text, another purpose and another APP_SECRET', () => {
    const sealed = new SealedBox(secret, purpose).seal(Buffer.from('seed'));
    const [v, iv, tag, body] = sealed.split('.');
    // Flip one bit of the decoded ciphertext: rewriting base64 text can leave the bytes unchanged.
    const bytes = Buffer.from(body!, 'base64url');
    bytes[0] = bytes[0]! ^ 1;
    const flipped = `${v}.${iv}.${tag}.${bytes.toString('base64url')}`;
    expect(() => new SealedBox(secret, purpose).open(flipped)).toThrow();
    expect(() => new SealedBox(secret, { salt: 'grail-totp', info: 'x' }).open(sealed)).toThrow();
    expect(() => new SealedBox(`${secret}!`, purpose).open(sealed)).toThrow();
    expect(() => new SealedBox(secret, purpose).open('v9.a.b.c')).toThrow('Unknown sealed format');
  });

  it('still opens seeds sealed before the version prefix (iv.tag.ciphertext)', () => {
    const key = Buffer.from(hkdfSync('sha256', secret, purpose.salt, purpose.info, 32));
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(Buffer.from('old seed')), cipher.final()]);
    const legacy = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
    expect(new SealedBox(secret, purpose).open(legacy).toString()).toBe('old seed');
  });
});
