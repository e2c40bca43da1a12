import type { FairnessContent, FairnessPull } from '@grail/contract';

/**
 * The fairness rule recomputed in the browser with Web Crypto (docs/fairness.md states it; the API
 * runs the same rule in modules/grail/fairness.ts):
 *   stream = HMAC-SHA256(serverSeed, `${clientSeed}:${k}`), then `${clientSeed}:${k}:1`, `:2`, …
 *   read as big-endian uint32 words; take the first word < floor(2^32 / remaining) * remaining;
 *   index = word mod remaining; the card is the index-th remaining one by position.
 */
const encoder = new TextEncoder();

export const hexToBytes = (hex: string) =>
  new Uint8Array((hex.match(/../g) ?? []).map((b) => parseInt(b, 16)));
const toHex = (buf: ArrayBuffer) =>
  Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');

export async function sha256Hex(data: Uint8Array | string): Promise<string> {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  return toHex(await crypto.subtle.digest('SHA-256', bytes as BufferSource));
}

export async function drawIndex(
  serverSeedHex: string,
  clientSeed: string,
  k: number,
  remaining: number,
): Promise<number> {
  const key = await crypto.subtle.importKey(
    'raw',
    hexToBytes(serverSeedHex) as BufferSource,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const limit = Math.floor(2 ** 32 / remaining) * remaining;
  for (let round = 0; ; round++) {
    const message = round === 0 ? `${clientSeed}:${k}` : `${clientSeed}:${k}:${round}`;
    const digest = new DataView(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
    for (let offset = 0; offset < digest.byteLength; offset += 4) {
      const word = digest.getUint32(offset, false);
      if (word < limit) return word % remaining;
    }
  }
}

/** SHA-256 of the canonical JSON list [position, cardId, grader, grade, certNumber, fmvCents]. */
export function contentsHash(contents: FairnessContent[]): Promise<string> {
  const canonical = [...contents]
    .sort((a, b) => a.position - b.position)
    .map((e) => [e.position, e.cardId, e.grader, e.grade, e.certNumber, e.fmvCents]);
  return sha256Hex(JSON.stringify(canonical));
}

export type Verdict = 'Verified' | 'Mismatch';

/**
 * Replays every pull of a case from the revealed seed: each must land on the position and card
 * it recorded, given the cards still remaining at its turn.
 */
export async function verifyPulls(
  serverSeedHex: string,
  contents: FairnessContent[],
  pulls: FairnessPull[],
): Promise<Map<number, Verdict>> {
  const verdicts = new Map<number, Verdict>();
  let remaining = contents.map((c) => c.position).sort((a, b) => a - b);
  for (const pull of [...pulls].sort((a, b) => a.k - b.k)) {
    const index = await drawIndex(serverSeedHex, pull.clientSeed, pull.k, remaining.length);
    const position = remaining[index];
    const card = contents.find((c) => c.position === position);
    const ok =
      pull.remainingBefore === remaining.length &&
      position === pull.position &&
      card?.cardId === pull.cardId;
    verdicts.set(pull.k, ok ? 'Verified' : 'Mismatch');
    remaining = remaining.filter((p) => p !== pull.position);
  }
  return verdicts;
}
