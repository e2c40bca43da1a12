import type { FairnessContent, FairnessPull } from '@grail/contract';
import { drawIndex, hexToBytes, sha256Hex } from '@/lib/fairness';

/**
 * The fairness rule recomputed in the browser with Web Crypto (docs/fairness.md states it; the API
 * runs the same rule in apps/api/src/lib/provably-fair.ts; the draw itself is in lib/fairness.ts):
 *   stream = HMAC-SHA256(serverSeed, `${clientSeed}:${k}`), then `${clientSeed}:${k}:1`, `:2`, …
 *   read as big-endian uint32 words; take the first word < floor(2^32 / remaining) * remaining;
 *   index = word mod remaining; the card is the index-th remaining one by position.
 */
// The draw is shared with breaks; the grail pages keep importing it from here.
export { drawIndex, hexToBytes, sha256Hex } from '@/lib/fairness';

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

const toHex = (buf: ArrayBuffer) =>
  Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * A drop queue's order (docs/fairness.md): the entry ids sorted by HMAC-SHA256(key = the seed,
 * message = the id in lowercase) as hex, ascending; place 1 is the first.
 */
export async function dropOrder(seedHex: string, entryIds: readonly string[]): Promise<string[]> {
  const key = await crypto.subtle.importKey(
    'raw',
    hexToBytes(seedHex) as BufferSource,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const encoder = new TextEncoder();
  const keyed = await Promise.all(
    entryIds.map(async (id) => ({
      id,
      digest: toHex(await crypto.subtle.sign('HMAC', key, encoder.encode(id.toLowerCase()))),
    })),
  );
  keyed.sort((a, b) =>
    a.digest < b.digest ? -1 : a.digest > b.digest ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  return keyed.map((k) => k.id);
}
