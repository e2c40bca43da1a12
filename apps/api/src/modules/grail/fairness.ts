import { sha256Hex } from '../../lib/provably-fair.js';
import { SealedBox } from '../../lib/sealed-box.js';

// The draw itself is shared with breaks: its rule is in lib/provably-fair.ts.
export { drawIndex, newServerSeed, sha256Hex } from '../../lib/provably-fair.js';

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
