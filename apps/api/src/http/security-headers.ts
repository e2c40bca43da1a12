import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import helmet, { type HelmetOptions } from 'helmet';

type Headers = Record<string, string>;

/** Distinct policies kept; a directive computed per request has a handful of values at most. */
const MAX_POLICIES = 16;

/** The headers helmet's middleware writes for these options, captured once. */
function capture(options: HelmetOptions): Headers {
  const headers: Headers = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

type JsonOnly = Pick<
  HelmetOptions,
  'crossOriginResourcePolicy' | 'referrerPolicy' | 'xFrameOptions'
>;

/** helmet's headers for a JSON answer: a CSP that loads and frames nothing, nosniff, HSTS over https. */
function jsonHeaders(https: boolean, extra: JsonOnly): Headers {
  return capture({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    strictTransportSecurity: https ? undefined : false,
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    ...extra,
  });
}

/**
 * The security headers of an API answer (JSON, never a document a browser renders): nothing
 * may load or frame it, it is not sniffed into another type, not read cross-site by a page
 * (CORP), and it sends no referrer. The page policy's other headers concern documents (scripts,
 * styles, opener, prefetching) and only cost bytes on the answers of a drop (decision 013).
 */
export function apiSecurityHeaders(https: boolean): Headers {
  return jsonHeaders(https, {
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
}

/**
 * The security headers of a public read (the hot reads of a drop: the same answer for every
 * caller, no secret in it): the CSP's frame-ancestors does what X-Frame-Options did; a referrer
 * policy only governs a document's own requests, and CORP guards answers that carry something
 * private, so neither protects anything here, and every header line costs each of a drop's many
 * requests (decision 016).
 */
export function publicReadSecurityHeaders(https: boolean): Headers {
  return jsonHeaders(https, {
    crossOriginResourcePolicy: false,
    referrerPolicy: false,
    xFrameOptions: false,
  });
}

/**
 * helmet's security headers for a page (CSP, frame and referrer policies…) for a request. @fastify/helmet
 * builds helmet's middleware anew for every request, parsing the policy each time (about 50 µs
 * of CPU here, more than a whole request of a hot read). The headers depend only on the options,
 * so they are built once per distinct policy: a source given as a function (one that follows a
 * run-time setting) is evaluated per request, and its values pick the cached set.
 */
export function securityHeaders(
  options: HelmetOptions,
): (request: IncomingMessage, response: ServerResponse) => Headers {
  type Source = (request: IncomingMessage, response: ServerResponse) => unknown;
  const built = new Map<string, Headers>();
  const csp = options.contentSecurityPolicy;
  const directives = csp && typeof csp === 'object' ? csp.directives : undefined;
  const isSource = (value: unknown): value is Source => typeof value === 'function';
  const sources = Object.values(directives ?? {}).flatMap((value: unknown) =>
    Array.isArray(value) ? value.filter(isSource) : isSource(value) ? [value] : [],
  );
  if (!sources.length) {
    const fixed = capture(options);
    return () => fixed;
  }
  const resolve = (values: Map<Source, unknown>): HelmetOptions => ({
    ...options,
    contentSecurityPolicy: {
      ...(csp as object),
      directives: Object.fromEntries(
        Object.entries(directives!).map(([name, value]: [string, unknown]) => [
          name,
          // A source that follows a setting answers '' while off: left out, not a stray space.
          Array.isArray(value)
            ? value.map((v) => (isSource(v) ? values.get(v) : v)).filter((v) => v !== '')
            : isSource(value)
              ? values.get(value)
              : value,
        ]),
      ),
    } as HelmetOptions['contentSecurityPolicy'],
  });
  return (request, response) => {
    const values = new Map<Source, unknown>();
    let key = '';
    for (const source of sources) {
      const value = source(request, response);
      values.set(source, value);
      key += `${JSON.stringify(value)}\n`;
    }
    let headers = built.get(key);
    if (!headers) {
      headers = capture(resolve(values));
      if (built.size >= MAX_POLICIES) built.clear();
      built.set(key, headers);
    }
    return headers;
  };
}

/**
 * The page policy's style nonce is written as this slot; each page answer gets a fresh value in
 * both its header and its HTML (`<meta property="csp-nonce">`), from which the web app gives it to
 * the style elements its headless parts insert (scroll lock, a select's viewport). So no style
 * element can run without it, and the policy needs no `'unsafe-inline'`.
 */
export const STYLE_NONCE_SLOT = '__STYLE_NONCE__';
export const styleNonceSource = `'nonce-${STYLE_NONCE_SLOT}'`;

/** The page headers with the slot filled by a new nonce, and the nonce. */
export function withStyleNonce(headers: Headers): { headers: Headers; nonce: string } {
  const nonce = randomBytes(16).toString('base64');
  const policy = headers['content-security-policy'];
  return {
    headers: policy
      ? { ...headers, 'content-security-policy': policy.replace(STYLE_NONCE_SLOT, nonce) }
      : headers,
    nonce,
  };
}

/** A page's HTML with its nonce: the first slot only, which index.html puts before any other tag. */
export function fillStyleNonce(html: string, nonce: string): string {
  return html.replace(STYLE_NONCE_SLOT, nonce);
}
