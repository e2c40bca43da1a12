import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The one client that fetches images from other sites (inventory imports name them by URL).
 * A URL typed by staff must not reach inside our network (SSRF): every address its host
 * resolves to must be public, the connection goes to the address that was checked (so a second,
 * rebinding DNS answer cannot swap it), redirects are not followed, and the answer is cut off
 * after 10 s or 10 MB and kept only when its bytes are JPEG, PNG or WebP.
 */

export interface ImageFetchOptions {
  /**
   * Lets URLs reach private and loopback addresses over plain http, for tests against a local
   * fake server only: never honoured in production.
   */
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
}

export const IMAGE_FETCH_DEFAULTS: ImageFetchOptions = {
  allowPrivate: false,
  timeoutMs: 10_000,
  maxBytes: 10 * 1024 * 1024,
};

/** IMAGE_FETCH_ALLOW_PRIVATE=true is read only outside production. */
export function imageFetchOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): ImageFetchOptions {
  return {
    ...IMAGE_FETCH_DEFAULTS,
    allowPrivate: env.NODE_ENV !== 'production' && env.IMAGE_FETCH_ALLOW_PRIVATE === 'true',
  };
}

export class ImageFetchError extends Error {}

/** The deprecated IPv4-compatible form (::a.b.c.d), which ipaddr.js counts as unicast. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * Only the public internet: ipaddr.js names every special range (private, loopback, link-local,
 * multicast, reserved, and the IPv6 forms that carry an IPv4 address: IPv4-mapped and
 * -translated, NAT64, 6to4, Teredo), leaving `unicast` for the rest. A form that carries an IPv4
 * address is refused whatever that address is: the relay decides where it really goes.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address) || isIP(address) === 0) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && parsed.match(IPV4_COMPATIBLE)) return false;
  return parsed.range() === 'unicast';
}

/**
 * The URL's syntax, without any network access (what a dry run checks): https, no credentials,
 * a public host name or address. Answers the URL or why it is refused.
 */
export function checkImageUrl(text: string, options: ImageFetchOptions): URL | string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol !== 'https:' && !(options.allowPrivate && url.protocol === 'http:'))
    return 'must start with https://';
  if (url.username || url.password) return 'must not contain a user name or password';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (options.allowPrivate) return url;
  if (isIP(host)) return isPublicAddress(host) ? url : 'must name a public address';
  if (!host.includes('.') || /\.(localhost|local|internal|lan|home\.arpa)$/i.test(host))
    return 'must name a public host';
  return url;
}

/** JPEG, PNG or WebP, by the file's first bytes rather than by what the server says it is. */
export function isImageBytes(b: Buffer): boolean {
  return (
    (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) ||
    b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
    (b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP')
  );
}

/** Downloads one image, or throws an ImageFetchError whose message staff can act on. */
export async function fetchImage(
  text: string,
  options: ImageFetchOptions = IMAGE_FETCH_DEFAULTS,
): Promise<Buffer> {
  const checked = checkImageUrl(text, options);
  if (typeof checked === 'string') throw new ImageFetchError(checked);
  const url = checked;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new ImageFetchError(`could not find the host ${host}`);
  }
  if (addresses.length === 0) throw new ImageFetchError(`could not find the host ${host}`);
  if (!options.allowPrivate && addresses.some((a) => !isPublicAddress(a.address)))
    throw new ImageFetchError(`${host} is not a public address`);
  const target = addresses[0]!;
  const client = url.protocol === 'https:' ? https : http;

  return new Promise<Buffer>((resolve, reject) => {
    const fail = (message: string) => {
      clearTimeout(timer);
      req.destroy();
      reject(new ImageFetchError(message));
    };
    const req = client.request(
      {
        // The checked address, not the name: the socket never asks DNS again.
        host: target.address,
        family: target.family,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: { host: url.host, accept: 'image/jpeg, image/png, image/webp' },
        // The certificate is checked against the name staff typed.
        servername: isIP(host) ? undefined : host,
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) return fail(`redirects (${status}) are not followed`);
        if (status !== 200) return fail(`the server answered ${status}`);
        if (Number(res.headers['content-length'] ?? 0) > options.maxBytes)
          return fail(`is larger than ${options.maxBytes / (1024 * 1024)} MB`);
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes)
            return fail(`is larger than ${options.maxBytes / (1024 * 1024)} MB`);
          chunks.push(chunk);
        });
        res.on('error', () => fail('the download was interrupted'));
        res.on('end', () => {
          clearTimeout(timer);
          const body = Buffer.concat(chunks);
          if (!isImageBytes(body)) reject(new ImageFetchError('is not a JPEG, PNG or WebP image'));
          else resolve(body);
        });
      },
    );
    const timer = setTimeout(
      () => fail(`gave no image within ${options.timeoutMs / 1000} s`),
      options.timeoutMs,
    );
    req.on('error', (err) => fail(`could not be downloaded (${err.message})`));
    req.end();
  });
}
