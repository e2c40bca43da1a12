import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import {
  endpointStatuses,
  ErrorBody,
  isUnsafe,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  type FeatureFlag,
} from '@grail/contract';
import { badRequest, notFound } from '../errors.js';
import { requireIdempotencyKey } from '../modules/idempotency/idempotency.service.js';
import type { SessionUser } from '../modules/auth/sessions.service.js';
import { checkCsrf, checkGuard } from '../plugins/auth.js';
import { runInEndpoint } from '../lib/endpoint-context.js';

/** Every error answer: `{ message, error }` plus any detail a status adds (field, shortfall…). */
const ErrorResponse = z.looseObject(ErrorBody.shape).describe('Error');
const NoContent = z.null().describe('No content');
const Bytes = z.string().describe('Bytes');

export interface RouteContext<E extends Endpoint> {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  /** The caller; always present unless the endpoint is public. */
  user: E['guard'] extends 'public' ? SessionUser | null : SessionUser;
  /** The validated Idempotency-Key of an idempotent endpoint. */
  idempotencyKey: E['idempotent'] extends true ? string : undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** An idempotent command's answer: its body, and whether it replays an earlier one. */
export interface Idempotent<T> {
  body: T;
  replayed: boolean;
}

type Answer<E extends Endpoint> = E['responseKind'] extends 'empty'
  ? void
  : E['idempotent'] extends true
    ? Idempotent<EndpointResponse<E>>
    : EndpointResponse<E>;

/** A handler returns its answer, or the reply when it sent something itself (bytes, a stream). */
export type RouteHandler<E extends Endpoint> = (
  ctx: RouteContext<E>,
) => Promise<Answer<E> | FastifyReply>;

export interface RouteExtras {
  /** Fastify options a few routes need (body limit, a content-type parser scope). */
  bodyLimit?: number;
  /** The least level this route logs at (the hot reads leave their access lines out). */
  logLevel?: 'debug' | 'warn';
  /** A public read (the same answer for everyone): it carries the public-read security headers. */
  publicRead?: boolean;
  /**
   * The handler's transaction checks the caller's session again, so the session may come from
   * this instance's memory (SessionsService.resolve).
   */
  sessionCheckedInTransaction?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey?: string;
  }
  interface FastifyContextConfig {
    endpoint?: Endpoint;
    publicRead?: boolean;
    sessionCheckedInTransaction?: boolean;
  }
}

/**
 * Registers one endpoint from its contract declaration: its guard and CSRF check run first (as the
 * request arrives, before its body is even parsed, so a caller who may not call it learns nothing
 * about its input), then the Idempotency-Key, then the schemas. The same declaration documents it
 * in OpenAPI.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: RouteHandler<E>,
  extras: RouteExtras = {},
): void {
  const status = endpoint.status ?? 200;
  const response: Record<number, z.ZodType> = {};
  for (const code of endpointStatuses(endpoint)) {
    if (code >= 400) response[code] = ErrorResponse;
    else if (endpoint.responseKind === 'empty') response[code] = NoContent;
    else if (endpoint.responseKind === 'binary' || endpoint.responseKind === 'event-stream')
      response[code] = Bytes;
    else if (endpoint.response) response[code] = endpoint.response;
  }
  const unsafe = isUnsafe(endpoint.method);
  const security =
    endpoint.guard === 'public'
      ? endpoint.csrfExempt || !unsafe
        ? []
        : [{ csrfToken: [] }]
      : [
          { sessionCookie: [], ...(unsafe ? { csrfToken: [] } : {}) },
          { bearerToken: [], ...(unsafe ? { csrfToken: [] } : {}) },
        ];
  const options: RouteShorthandOptions = {
    config: {
      endpoint,
      ...(extras.publicRead ? { publicRead: true } : {}),
      ...(extras.sessionCheckedInTransaction ? { sessionCheckedInTransaction: true } : {}),
    },
    ...(extras.bodyLimit ? { bodyLimit: extras.bodyLimit } : {}),
    ...(extras.logLevel ? { logLevel: extras.logLevel } : {}),
    schema: {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...(endpoint.hidden ? { hide: true } : {}),
      security,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body && (endpoint.bodyKind ?? 'json') === 'json' ? { body: endpoint.body } : {}),
      ...(endpoint.headers || endpoint.idempotent
        ? {
            headers: z.object({
              ...(endpoint.idempotent
                ? {
                    'idempotency-key': z
                      .string()
                      .regex(/^[\w.:-]{8,128}$/)
                      .describe('One key per intended command; a repeat replays the first answer'),
                  }
                : {}),
              ...(endpoint.headers?.shape ?? {}),
            }),
          }
        : {}),
      response,
    },
    onRequest: async (request, reply) => {
      // A feature that is off does not exist: the same 404 as an unknown route, before anything else.
      if (endpoint.flag && !request.server.flagOn(endpoint.flag))
        throw notFound(`Route ${request.method} ${request.url.split('?')[0]} not found`);
      await checkGuard(request, endpoint.guard);
      if (unsafe && !endpoint.csrfExempt && !sentAsForm(request, endpoint))
        await checkCsrf(request);
      await request.server.writeGate?.(request, endpoint);
      if (endpoint.idempotent) {
        request.idempotencyKey = requireIdempotencyKey(request.headers['idempotency-key']);
      }
      // What a signed-in caller is shown must never sit in a shared or browser cache.
      if (endpoint.guard !== 'public') void reply.header('cache-control', 'no-store');
    },
    preValidation: async (request) => {
      // The form's token, now that its body is read (nothing else of it is looked at before).
      if (unsafe && !endpoint.csrfExempt && sentAsForm(request, endpoint)) {
        const body = request.body as Record<string, unknown> | undefined;
        request.server.verifyCsrf(request, body?.[endpoint.csrfFormField!] ?? '');
      }
      // Only the inputs the endpoint declares: a body or query it ignores is no bad input of its own.
      for (const [where, value, read] of [
        ['params', request.params, Boolean(endpoint.params)],
        ['querystring', request.query, Boolean(endpoint.query)],
        ['body', request.body, Boolean(endpoint.body)],
      ] as const) {
        const field = read ? fieldWithNul(value) : undefined;
        if (field !== undefined)
          throw badRequest(
            `Invalid ${field ? `${where} ${field}` : where}: must not contain NUL characters`,
            { field: field || where },
          );
      }
    },
  };
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...options,
    handler: async (request, reply) => {
      // Run as this endpoint, so a service taking an abuse limit can check the endpoint declares it.
      const answer = await runInEndpoint(endpoint, () =>
        handler({
          params: request.params,
          query: request.query,
          body: request.body,
          user: request.user,
          idempotencyKey: request.idempotencyKey,
          request,
          reply,
        } as RouteContext<E>),
      );
      // A handler that sent its answer returns the reply, a thenable: awaiting it waits for the
      // answer to finish and yields undefined. Sending again would log "already sent" each time.
      if (answer === reply || reply.sent) return reply;
      if (endpoint.responseKind === 'empty') return reply.status(status).send();
      if (endpoint.idempotent) {
        const { body, replayed } = answer as Idempotent<unknown>;
        if (replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(status).send(body);
      }
      return reply.status(status).send(answer);
    },
  });
}

/** An HTML form's POST to an endpoint that takes its CSRF token from a form field. */
const sentAsForm = (request: FastifyRequest, endpoint: Endpoint) =>
  Boolean(endpoint.csrfFormField) &&
  (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

/**
 * The dotted path of the first text holding a NUL character ('' for the value itself): PostgreSQL
 * text cannot store one, so such input is refused as bad input instead of failing in the database.
 */
function fieldWithNul(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (!value || typeof value !== 'object' || depth > 8) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const innerPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return innerPath;
    const found = fieldWithNul(inner, innerPath, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Refuses writes while they are paused (maintenance); set by the maintenance module. */
    writeGate?: (request: FastifyRequest, endpoint: Endpoint) => Promise<void>;
    /** Whether a feature flag is on for this request. */
    flagOn: (flag: FeatureFlag) => boolean;
  }
}
