/**
 * The provably fair primitives recomputed in the browser with Web Crypto, the same rule the API
 * runs in apps/api/src/lib/provably-fair.ts (docs/fairness.md, docs/breaks.md):
 *   stream = HMAC-SHA256(serverSeed, `${input}:${k}`), then `${input}:${k}:1`, `:2`, …
 *   read as big-endian uint32 words; take the first word < floor(2^32 / remaining) * remaining;
 *   index = word mod remaining.
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

const hmacKey = (serverSeedHex: string) =>
  crypto.subtle.importKey(
    'raw',
    hexToBytes(serverSeedHex) as BufferSource,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );

async function drawWith(key: CryptoKey, input: string, k: number, remaining: number) {
  const limit = Math.floor(2 ** 32 / remaining) * remaining;
  for (let round = 0; ; round++) {
    const message = round === 0 ? `${input}:${k}` : `${input}:${k}:${round}`;
    const digest = new DataView(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
    for (let offset = 0; offset < digest.byteLength; offset += 4) {
      const word = digest.getUint32(offset, false);
      if (word < limit) return word % remaining;
    }
  }
}

export async function drawIndex(
  serverSeedHex: string,
  clientSeed: string,
  k: number,
  remaining: number,
): Promise<number> {
  return drawWith(await hmacKey(serverSeedHex), clientSeed, k, remaining);
}

export interface ShuffleSwap {
  step: number;
  i: number;
  j: number;
}

/**
 * Fisher–Yates driven by the draw: for step s = 1 … n−1, i = n − s and
 * j = draw(publicInput, s, i + 1); positions i and j (0-based) trade places.
 */
export async function shuffle<T>(
  serverSeedHex: string,
  publicInput: string,
  items: readonly T[],
): Promise<{ order: T[]; swaps: ShuffleSwap[] }> {
  const key = await hmacKey(serverSeedHex);
  const order = [...items];
  const swaps: ShuffleSwap[] = [];
  for (let step = 1; step < order.length; step++) {
    const i = order.length - step;
    const j = await drawWith(key, publicInput, step, i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
    swaps.push({ step, i, j });
  }
  return { order, swaps };
}
