import type { FastifyRequest } from 'fastify';

/**
 * The origin links in e-mails and redirects point at: the configured public URL (without a
 * trailing slash), else the scheme and host the request arrived on.
 */
export function requestOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
}
