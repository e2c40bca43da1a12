import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SealedBox } from '../../lib/sealed-box.js';

/**
 * The provably fair draw (docs/fairness.md). Pull k of a case, with the
 * buyer's client seed, reads the byte stream
 *   HMAC-SHA256(serverSeed, `${clientSeed}:${k}`) ‖ HMAC-SHA256(serverSeed, `${clientSeed}:${k}:1`) ‖ …
 * as big-endian uint32 words and takes the first word below the largest multiple of `remaining`
 * that fits in 2^32; index = word mod remaining. Rejecting the top sliver removes modulo bias.
 * The web FairnessPage implements the same function with Web Crypto.
 */
export function drawIndex(serverSeed: Buffer, clientSeed: string, k: number, remaining: number) {
  if (!Number.isInteger(remaining) || remaining < 1) throw new Error('nothing left to draw');
  const limit = Math.floor(0x1_0000_0000 / remaining) * remaining;
  for (let round = 0; ; round++) {
    const message = round === 0 ? `${clientSeed}:${k}` : `${clientSeed}:${k}:${round}`;
    const digest = createHmac('sha256', serverSeed).update(message).digest();
    for (let offset = 0; offset < digest.length; offset += 4) {
      const word = digest.readUInt32BE(offset);
      if (word < limit) return word % remaining;
    }
  }
}

export const newServerSeed = () => randomBytes(32);
export const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

export interface ContentsEntry {
  position: number;
  cardId: string;
  grader: string | null;
  grade: string | null;
  certNumber: string | null;
  fmvCents: number;
}

/** SHA-256 of the JSON array of [position, cardId, grader, grade, certNumber, fmvCents] by position. */
export function contentsHash(entries: ContentsEntry[]): string {
  const canonical = [...entries]
    .sort((a, b) => a.position - b.position)
    .map((e) => [e.position, e.cardId, e.grader, e.grade, e.certNumber, e.fmvCents]);
  return sha256Hex(JSON.stringify(canonical));
}

/** Server seeds at rest, sealed with their own key derived from APP_SECRET. */
export class SeedVault extends SealedBox {
  constructor(appSecret: string) {
    super(appSecret, { salt: 'grail-machine', info: 'grail-server-seed-v1' });
  }
}
