/** The longest path a person may be sent back to. */
export const RETURN_PATH_MAX = 512;
/** A site path: a slash, then letters, digits and the URL punctuation our own paths use. */
const RETURN_PATH_CHARS = /^\/[\w\-./?=&%~+,]*$/;
const RETURN_PATH_BASE = 'https://return-path.invalid';
const hasControlCharacter = (text: string) =>
  [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * True only for a path of this site (`/dashboard?tab=wallet`): never another origin, however it is
 * written. Refused: absolute URLs, protocol-relative `//host`, `/\host` (browsers read the
 * backslash as a slash), empty and dot segments, and any of these hidden behind percent-encoding (`/%2F%2Fhost`, decoded
 * as often as it decodes), because a router or a server may decode the path before it redirects.
 */
export function isSafeReturnPath(value: string): boolean {
  if (value.length > RETURN_PATH_MAX || !RETURN_PATH_CHARS.test(value)) return false;
  let current = value;
  for (let round = 0; round < 5; round += 1) {
    if (current.includes('\\') || hasControlCharacter(current)) return false;
    // No empty segment (`//host` at the start) and no dot segment: normalising `/.//host` or
    // `/a/..//host` would leave `//host`.
    const path = current.split('?')[0]!;
    if (path.includes('//') || /(^|\/)\.{1,2}(\/|$)/.test(path)) return false;
    try {
      if (new URL(current, RETURN_PATH_BASE).origin !== RETURN_PATH_BASE) return false;
    } catch {
      return false;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return false;
    }
    if (decoded === current) return true;
    current = decoded;
  }
  // Still decoding after five rounds: no path of ours is written like that.
  return false;
}
