import type { FastifyServerOptions } from 'fastify';

/** Query values that carry secrets (verification and reset links) never reach a log line. */
const SECRET_QUERY = /([?&](?:token|code|challengeToken|password)=)[^&]*/gi;
/** The reset link carries its token in the path: /reset-password/{token}. */
const SECRET_PATH = /(\/reset-password\/)[^/?#]+/i;
export const redactUrl = (url: string) =>
  url.replace(SECRET_QUERY, '$1[redacted]').replace(SECRET_PATH, '$1[redacted]');

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.secret',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(req) {
        return {
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.ip,
          userAgent: req.headers['user-agent'],
        };
      },
    },
  };
}
