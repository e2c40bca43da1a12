import type { IncomingMessage, ServerResponse } from 'node:http';
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

/**
 * helmet's security headers (CSP, frame and referrer policies…) for a request. @fastify/helmet
 * builds helmet's middleware anew for every request, parsing the policy each time (about 50 µs
 * of CPU here, more than a whole request of a hot read). The headers depend only on the options,
 * so they are built once per distinct policy: a directive given as a function (one that follows
 * a run-time setting) is evaluated per request and picks its cached set.
 */
export function securityHeaders(
  options: HelmetOptions,
): (request: IncomingMessage, response: ServerResponse) => Headers {
  const built = new Map<string, Headers>();
  const csp = options.contentSecurityPolicy;
  const directives = csp && typeof csp === 'object' ? csp.directives : undefined;
  return (request, response) => {
    let resolved = options;
    if (directives && csp && typeof csp === 'object') {
      const evaluate = (value: unknown) =>
        typeof value === 'function'
          ? (value as typeof value & ((...a: unknown[]) => unknown))(request, response)
          : value;
      resolved = {
        ...options,
        contentSecurityPolicy: {
          ...csp,
          directives: Object.fromEntries(
            Object.entries(directives).map(([name, value]) => [
              name,
              // A source that follows a setting answers '' while off: left out, not a stray space.
              Array.isArray(value) ? value.map(evaluate).filter((v) => v !== '') : evaluate(value),
            ]),
          ) as typeof directives,
        },
      };
    }
    const key = JSON.stringify(resolved.contentSecurityPolicy ?? null);
    let headers = built.get(key);
    if (!headers) {
      headers = capture(resolved);
      if (built.size >= MAX_POLICIES) built.clear();
      built.set(key, headers);
    }
    return headers;
  };
}
